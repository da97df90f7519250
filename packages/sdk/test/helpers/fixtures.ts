import { Account, type CreateOrderResponse, Invoice } from '@refapi/schema';
import { scenario } from '@refapi/server/vitest';
import { z } from 'zod';
import { accountScenario } from './scenarios';

// The account body is Ada's of the test scenario, read through the contract: the fields
// GET /me answers, so no test writes a second copy of her.
/** A valid account body: Ada's of {@link accountScenario}, as GET /me answers it. */
export const account: Account = z.object(Account.shape).parse(accountScenario().accounts?.[0]);

// One invoice of the builder's, made once: `invoice(n)` only renumbers it (fake pages call
// it for every item they serve).
const invoiceTemplate: Invoice = Invoice.parse(
  scenario().now('2026-01-01T00:00:00Z').account({ vatRate: 0.19 }).withInvoice().build()
    .accounts?.[0]?.invoices?.[0],
);

/** A valid invoice with reference number `n` (hex). */
export function invoice(n: number): Invoice {
  return {
    ...invoiceTemplate,
    invoice_ref: `REF-INV-${n.toString(16).toUpperCase()}`,
    description: `invoice ${n}`,
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
