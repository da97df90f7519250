import { operations } from '@refapi/schema';
import { beforeEach, describe, expect, it } from 'vitest';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY } from './api-scenario';

const ORDER = { type: 'kvm', plan_code: 'kvm-s' } as const;

describe.each(TRANSPORTS)('POST /orders over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });
  beforeEach(() => api.server.admin.reset());
  // `null` sends no Idempotency-Key; by default each call gets a fresh one.
  const order = (
    body: unknown,
    idempotencyKey: string | null = crypto.randomUUID(),
    key: string = KEY.full,
  ) =>
    api.call('POST', '/orders', {
      key,
      body,
      ...(idempotencyKey === null ? {} : { idempotencyKey }),
    });
  const balance = async () => (await api.call('GET', '/balance', { key: KEY.full })).body.amount;

  it('creates invoice, service, order and ledger transaction and debits the balance, together', async () => {
    const res = await order({ ...ORDER, addons: [{ addon_ref: 'REF-ADDON-1', units: 1 }] }, 'o-1');
    expect(res.status).toBe(200);
    const body = operations.createOrder.success.schema.parse(res.body);
    // (5 + 1) EUR + 19 % VAT = 7.14
    expect(body).toMatchObject({
      balance: { amount: 92.86, currency: 'EUR' },
      idempotent_replayed: false,
    });
    expect(body.service).toMatchObject({
      type: 'kvm',
      status: 'active',
      monthly_price_eur: 5,
      cores: 2,
    });
    expect(await balance()).toBe(92.86);
    const service = await api.call('GET', `/services/${body.service_ref}`, { key: KEY.full });
    expect(service.body.service.primary_ip).toMatch(/^100\./);
    const [invoice] = (await api.call('GET', '/invoices?limit=1', { key: KEY.full })).body.invoices;
    const [txn] = (await api.call('GET', '/transactions?limit=1', { key: KEY.full })).body
      .transactions;
    const [placed] = (await api.call('GET', '/orders?limit=1', { key: KEY.full })).body.orders;
    expect(invoice).toMatchObject({
      amount: 7.14,
      vat_amount: 1.14,
      service_ref: body.service_ref,
    });
    expect(txn).toMatchObject({
      amount: -7.14,
      service_order: true,
      invoice_ref: invoice.invoice_ref,
    });
    expect(placed).toMatchObject({
      amount: 7.14,
      service_ref: body.service_ref,
      invoice_ref: invoice.invoice_ref,
      transaction_ref: txn.transaction_ref,
    });
  });

  it('replays the completed result for the same key and body, refuses another body', async () => {
    const first = await order(ORDER, 'same');
    const replay = await order(ORDER, 'same');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(replay.body).toEqual({ ...first.body, idempotent_replayed: true });
    expect(await balance()).toBe(94.05);
    const reused = await order({ ...ORDER, os_name: 'debian-13' }, 'same');
    expect([reused.status, reused.body]).toEqual([409, { error: 'idempotency_key_reused' }]);
    // Keys are scoped per account.
    expect((await order(ORDER, 'same', KEY.foreign)).body.idempotent_replayed).toBe(false);
  });

  it('answers 422 for what the plan or account does not permit, without any debit', async () => {
    const cases: Array<[unknown, string]> = [
      [{ type: 'kvm', plan_code: 'kvm-m' }, 'out_of_stock'],
      [{ type: 'kvm', plan_code: 'secret' }, 'plan_not_available'],
      [{ type: 'dedicated', plan_code: 'kvm-s' }, 'plan_not_available'],
      [{ ...ORDER, period_ref: 'REF-PERIOD-FF' }, 'period_not_offered'],
      [{ ...ORDER, addons: [{ addon_ref: 'REF-ADDON-FF', units: 1 }] }, 'addon_not_offered'],
      [{ ...ORDER, addons: [{ addon_ref: 'REF-ADDON-1', units: 1000 }] }, 'insufficient_balance'],
    ];
    for (const [body, error] of cases) {
      const res = await order(body);
      expect([res.status, res.body], error).toEqual([422, { error }]);
    }
    expect(await balance()).toBe(100);
    expect((await order(ORDER, undefined, KEY.suspended)).body).toEqual({
      error: 'account_not_active',
      status: 'suspended',
    });
  });

  it('validates the body and the Idempotency-Key header', async () => {
    expect((await order(ORDER, null)).status).toBe(428);
    const cases: Array<[unknown, string]> = [
      [{ type: 'kvm' }, 'invalid_body: plan_code'],
      [{ ...ORDER, plan_code: '' }, 'invalid_body: plan_code'],
      [
        {
          ...ORDER,
          addons: [
            { addon_ref: 'REF-ADDON-1', units: 1 },
            {},
            {},
            { addon_ref: 'REF-ADDON-1', units: 0 },
          ],
        },
        'invalid_body: addons[1].addon_ref',
      ],
      [
        {
          ...ORDER,
          addons: Array.from({ length: 65 }, () => ({ addon_ref: 'REF-ADDON-1', units: 1 })),
        },
        'invalid_body: addons',
      ],
      [{ ...ORDER, os_name: 'x'.repeat(161) }, 'invalid_body: os_name'],
      [[], 'invalid_body'],
    ];
    for (const [body, error] of cases) {
      const res = await order(body);
      expect([res.status, res.body], error).toEqual([400, { error }]);
    }
    const units = await order({ ...ORDER, addons: [{ addon_ref: 'REF-ADDON-1', units: 0 }] });
    expect(units.body).toEqual({ error: 'invalid_body: addons[0].units' });
    const json = await api.call('POST', '/orders', {
      key: KEY.full,
      rawBody: '{"type":',
      idempotencyKey: 'j',
    });
    expect([json.status, json.body]).toEqual([400, { error: 'invalid_json' }]);
    const long = await order(ORDER, 'k'.repeat(129));
    expect(long.body).toEqual({ error: 'invalid_header: Idempotency-Key' });
  });

  it('runs 25 concurrent requests with one key as one order: one service, one debit', async () => {
    const replies = await Promise.all(Array.from({ length: 25 }, () => order(ORDER, 'burst')));
    const fresh = replies.filter((r) => r.status === 200 && r.body.idempotent_replayed === false);
    const others = replies.filter((r) => !fresh.includes(r));
    expect(fresh).toHaveLength(1);
    for (const r of others) {
      const ok =
        (r.status === 409 && r.body.error === 'idempotency_key_in_use') ||
        (r.status === 200 && r.body.service_ref === fresh[0]?.body.service_ref);
      expect(ok, JSON.stringify(r.body)).toBe(true);
    }
    expect(await balance()).toBe(94.05);
    const services = await api.call('GET', '/services?type=kvm&status=active', { key: KEY.full });
    expect(services.body.services).toHaveLength(2);
  });

  it('runs 30 concurrent distinct orders: the balance drains exactly, never below zero', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, () => order(ORDER)));
    const placed = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 422);
    // 100 / 5.95 → 16 orders fit, 4.80 remain.
    expect([placed.length, refused.length]).toEqual([16, 14]);
    for (const r of refused) expect(r.body).toEqual({ error: 'insufficient_balance' });
    const balances = placed.map((r) => r.body.balance.amount).sort((a, b) => b - a);
    expect(balances.at(-1)).toBe(4.8);
    expect(new Set(balances).size).toBe(16);
    expect(await balance()).toBe(4.8);
    const txns = await api.call('GET', '/transactions?limit=100', { key: KEY.full });
    const debits = txns.body.transactions.filter(
      (t: { service_order: boolean }) => t.service_order,
    );
    expect(debits).toHaveLength(16);
    expect(
      debits.reduce((sum: number, t: { amount: number }) => sum + Math.round(t.amount * 100), 0),
    ).toBe(-9520);
  });
});
