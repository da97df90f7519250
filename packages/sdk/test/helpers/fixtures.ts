import { Account, type CreateOrderResponse, type Invoice } from '@refapi/schema';
import { z } from 'zod';
import { accountScenario } from './scenarios';

// The account body is Ada's of the test scenario, read through the contract: the fields
// GET /me answers, so no test writes a second copy of her.
/** A valid account body: Ada's of {@link accountScenario}, as GET /me answers it. */
export const account: Account = z.object(Account.shape).parse(accountScenario().accounts?.[0]);

/** A valid invoice with reference number `n` (hex). */
export function invoice(n: number): Invoice {
  return {
    invoice_ref: `REF-INV-${n.toString(16).toUpperCase()}`,
    kind: 'service',
    transaction_kind: 'debit',
    amount: 5,
    fee: 0,
    penalty: 0,
    vat_amount: 0.95,
    vat_rate: 0.19,
    currency: 'EUR',
    status: 'paid',
    issue_date: '2026-01-01T00:00:00Z',
    description: `invoice ${n}`,
    customer_payable: true,
  };
}

/** A valid order result. */
export function orderResult(replayed: boolean): CreateOrderResponse {
  return {
    service_ref: 'REF-SVC-B1',
    service: {
      name: 'vm-2',
      service_plan_name: 'KVM S',
      type: 'kvm',
      status: 'active',
      monthly_price_eur: 5,
    },
    balance: { amount: 95, currency: 'EUR' },
    idempotent_replayed: replayed,
    server_time: '2026-01-01T00:00:00Z',
  };
}
