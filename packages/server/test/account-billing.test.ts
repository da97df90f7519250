import { operations } from '@refapi/schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, SVC } from './api-scenario';
import { kvmMonthInvoice } from './fixtures/renewing-account';

describe.each(TRANSPORTS)('account and billing over %s', (transport) => {
  const api = useApi(transport, { scenario: withFinance() });
  beforeEach(() => api.server.admin.reset());

  it('GET /me returns the caller account', async () => {
    const res = await api.call('GET', '/me', { key: KEY.full });
    expect(res.status).toBe(200);
    expect(operations.getAccount.success.schema.parse(res.body)).toMatchObject({
      account_ref: 'REF-ACCT-A',
      account_currency: 'EUR',
    });
    expect((await api.call('GET', '/me', { key: KEY.foreign })).body.account_ref).toBe(
      'REF-ACCT-B',
    );
  });

  it('GET /balance returns the account balance and an optional display conversion', async () => {
    const plain = await api.call('GET', '/balance', { key: KEY.full });
    expect(operations.getBalance.success.schema.parse(plain.body)).toEqual({
      amount: 100,
      currency: 'EUR',
      account_currency: 'EUR',
      as_of: '2026-01-01T00:00:00.000Z',
    });
    const usd = await api.call('GET', '/balance?display_currency=USD', { key: KEY.full });
    expect(usd.body.display).toEqual({
      amount: 108,
      currency: 'USD',
      rate: 1.08,
      as_of: '2026-01-01T00:00:00.000Z',
    });
    const bad = await api.call('GET', '/balance?display_currency=JPY', { key: KEY.full });
    expect([bad.status, bad.body]).toEqual([400, { error: 'invalid_query: display_currency' }]);
  });

  it('lists invoices, orders and transactions newest first, valid against the contract', async () => {
    for (const [path, op, field] of [
      ['/invoices', operations.listInvoices, 'invoices'],
      ['/orders', operations.listOrders, 'orders'],
      ['/transactions', operations.listTransactions, 'transactions'],
    ] as const) {
      const res = await api.call('GET', `${path}?limit=2`, { key: KEY.full });
      expect(res.status, path).toBe(200);
      const page = op.success.schema.parse(res.body) as unknown as Record<string, unknown[]> & {
        pagination: { has_more: boolean };
      };
      expect(page[field], path).toHaveLength(2);
      expect(page.pagination.has_more, path).toBe(true);
    }
  });

  it('omits linked references the account does not own', async () => {
    const res = await api.call('GET', '/orders', { key: KEY.full });
    const byRef = Object.fromEntries(
      res.body.orders.map((o: { order_ref: string }) => [o.order_ref, o]),
    );
    expect(byRef['REF-ORD-1']).toMatchObject({ service_ref: SVC.kvm, invoice_ref: 'REF-INV-1' });
    expect(byRef['REF-ORD-2']).not.toHaveProperty('service_ref');
    expect(byRef['REF-ORD-2']).not.toHaveProperty('invoice_ref');
    expect(byRef['REF-ORD-3']).not.toHaveProperty('service_ref');
  });

  it('redacts card numbers and IBANs in transaction descriptions', async () => {
    const res = await api.call('GET', '/transactions?limit=100', { key: KEY.full });
    const text = JSON.stringify(res.body);
    expect(text).toContain('Top-up by card ****4242');
    expect(text).toContain('from ****3000');
    expect(text).not.toMatch(/4111|3704 0044/);
  });

  it('answers 400 on bad list parameters and 401/403 on bad credentials', async () => {
    const cases: Array<[string, string, string]> = [
      ['/invoices?limit=0', 'invalid_query: limit', KEY.full],
      ['/invoices?limit=101', 'invalid_query: limit', KEY.full],
      ['/invoices?limit=abc', 'invalid_query: limit', KEY.full],
      ['/invoices?cursor=REF-ORD-1', 'invalid_query: cursor', KEY.full],
      ['/orders?cursor=bad', 'invalid_query: cursor', KEY.full],
      ['/transactions?cursor=REF-TXN-xyz', 'invalid_query: cursor', KEY.full],
    ];
    for (const [path, error, key] of cases) {
      const res = await api.call('GET', path, { key });
      expect([res.status, res.body], path).toEqual([400, { error }]);
    }
    expect((await api.call('GET', '/invoices')).body).toEqual({ error: 'missing_api_key' });
    expect((await api.call('GET', '/invoices', { key: 'refak_nope' })).status).toBe(401);
    expect((await api.call('GET', '/invoices', { key: KEY.catalogOnly })).body).toEqual({
      error: 'insufficient_scope',
    });
  });

  it('enforces the source-IP allow-list with 403', async () => {
    expect((await api.call('GET', '/me', { key: KEY.tenNet })).body).toEqual({
      error: 'ip_not_allowed',
    });
    expect((await api.call('GET', '/me', { key: KEY.loopback })).status).toBe(200);
  });
});

// Account A's finance records: some link to A's service, some to B's or to a reseller
// service (which must be hidden), card and IBAN numbers in descriptions.
function withFinance() {
  const doc = apiScenario();
  const [a, b] = doc.accounts ?? [];
  if (a === undefined || b === undefined) throw new Error('scenario changed');
  const invoice = (ref: string, service?: string) =>
    kvmMonthInvoice({
      invoice_ref: ref,
      kind: 'service_renewal',
      status: 'paid',
      issue_date: '2025-12-01T00:00:00.000Z',
      description: 'Renewal',
      customer_payable: false,
      ...(service === undefined ? {} : { service_ref: service }),
    });
  a.invoices = [
    invoice('REF-INV-1', SVC.kvm),
    invoice('REF-INV-2', SVC.reseller),
    invoice('REF-INV-3'),
  ];
  b.invoices = [invoice('REF-INV-4', SVC.foreign)];
  const order = (ref: string, links: Record<string, string>) => ({
    order_ref: ref,
    order_type: 'new_service',
    status: 'completed',
    amount: 5.95,
    currency: 'EUR',
    description: 'KVM',
    ...links,
  });
  a.orders = [
    order('REF-ORD-1', { service_ref: SVC.kvm, invoice_ref: 'REF-INV-1' }),
    order('REF-ORD-2', { service_ref: SVC.foreign, invoice_ref: 'REF-INV-4' }),
    order('REF-ORD-3', { service_ref: SVC.reseller }),
  ];
  const txn = (ref: string, description: string) => ({
    transaction_ref: ref,
    kind: 'top_up',
    amount: 10,
    fee: 0,
    penalty: 0,
    vat_amount: 0,
    currency: 'EUR',
    status: 'completed',
    method: 'card',
    description,
    service_order: false,
    created_at: '2025-12-01T00:00:00.000Z',
  });
  a.transactions = [
    txn('REF-TXN-1', 'Top-up by card 4111 1111 1111 4242'),
    txn('REF-TXN-2', 'Transfer from DE89 3704 0044 0532 0130 00'),
    txn('REF-TXN-3', 'Adjustment'),
  ];
  return doc;
}
