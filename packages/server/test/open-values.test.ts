// The value sets the spec leaves open are the reference server's to decide, and
// @refapi/schema lists them (`SERVICE_STATUSES` …) for the SDK's types: the editor offers
// exactly these. Every value the server answers, over the demo scenario after a month of
// renewals, suspensions and expiries and an order, is one the lists name.
import {
  INVOICE_KINDS,
  INVOICE_STATUSES,
  INVOICE_TRANSACTION_KINDS,
  ORDER_STATUSES,
  ORDER_TYPES,
  PERIOD_UNITS,
  SERVICE_POWER_STATES,
  SERVICE_STATUSES,
  SERVICE_TYPES,
  TRANSACTION_KINDS,
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
} from '@refapi/schema';
import { expect, it } from 'vitest';
import { useApi } from './api-harness';

const KEYS = ['refak_demo_eur_full', 'refak_demo_usd_full', 'refak_demo_gbp_full'] as const;

const api = useApi('http', {});

/** Every item of a list, page after page. */
async function all(path: string, items: string, key: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const query = `?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const { status, body } = await api.call('GET', `${path}${query}`, { key });
    expect(status).toBe(200);
    out.push(...body[items]);
    cursor = body.pagination.next_cursor;
  } while (cursor !== undefined);
  return out;
}

const values = (records: Record<string, unknown>[], field: string) =>
  [...new Set(records.map((r) => r[field]).filter((v) => v !== undefined))].sort();

it('answers only the values the schema lists for the open value sets', async () => {
  const order = await api.call('POST', '/orders', {
    key: KEYS[0],
    idempotencyKey: 'open-values-1',
    body: { type: 'kvm', plan_code: 'kvm-s' },
  });
  expect(order.status).toBe(200);
  expect((await api.admin('POST', '/clock', { advance: 'P1M' })).status).toBe(200);
  const lists = await Promise.all(
    KEYS.map(async (key) => ({
      services: await all('/services', 'services', key),
      invoices: await all('/invoices', 'invoices', key),
      orders: await all('/orders', 'orders', key),
      transactions: await all('/transactions', 'transactions', key),
    })),
  );
  const { services, invoices, orders, transactions } = {
    services: lists.flatMap((l) => l.services),
    invoices: lists.flatMap((l) => l.invoices),
    orders: lists.flatMap((l) => l.orders),
    transactions: lists.flatMap((l) => l.transactions),
  };
  const expectWithin = (seen: unknown[], known: readonly string[]) => {
    expect(seen.length).toBeGreaterThan(0);
    for (const value of seen) expect(known).toContain(value);
  };
  expectWithin(values(services, 'status'), SERVICE_STATUSES);
  expectWithin(values(services, 'type'), SERVICE_TYPES);
  expectWithin(values(services, 'power_state'), SERVICE_POWER_STATES);
  expectWithin(values(services, 'last_period_unit'), PERIOD_UNITS);
  expectWithin(values(invoices, 'status'), INVOICE_STATUSES);
  expectWithin(values(invoices, 'kind'), INVOICE_KINDS);
  expectWithin(values(invoices, 'transaction_kind'), INVOICE_TRANSACTION_KINDS);
  expectWithin(values(orders, 'status'), ORDER_STATUSES);
  expectWithin(values(orders, 'order_type'), ORDER_TYPES);
  expectWithin(values(transactions, 'kind'), TRANSACTION_KINDS);
  expectWithin(values(transactions, 'status'), TRANSACTION_STATUSES);
  expectWithin(values(transactions, 'method'), TRANSACTION_METHODS);
});
