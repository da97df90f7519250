import type { Account, CreateOrderResponse, Invoice } from '@refapi/schema';

/** A valid account body. */
export const account: Account = {
  account_ref: 'REF-ACCT-A1',
  email: 'ada@example.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  country_code: 'DE',
  account_currency: 'EUR',
  preferred_locale: 'en-GB',
  status: 'active',
};

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
