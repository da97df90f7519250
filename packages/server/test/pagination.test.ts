import { describe, expect, it } from 'vitest';
import { scenario } from '../src/testing/scenario-builder';
import { TRANSPORTS, useApi } from './api-harness';

const KEY = 'refak_pages';
const COUNT = 230;

function pagesScenario() {
  const doc = scenario()
    .now('2026-01-01T00:00:00Z', { frozen: true })
    .account()
    .key(['*'], { token: KEY })
    .generate({ invoices: COUNT, transactions: COUNT, services: COUNT })
    .build();
  const account = doc.accounts?.[0];
  if (account === undefined) throw new Error('scenario changed');
  // Orders have no generator: refs deliberately inserted out of order and spanning hex widths.
  account.orders = Array.from({ length: COUNT }, (_, i) => ({
    order_ref: `REF-ORD-${((i * 7919) % 1009).toString(16).toUpperCase()}${i}`,
    order_type: 'new_service',
    status: 'completed',
    amount: 1,
    currency: 'EUR',
    description: `order ${i}`,
  }));
  return doc;
}

const hexValue = (ref: string) => BigInt(`0x${ref.slice(ref.lastIndexOf('-') + 1)}`);

describe.each(TRANSPORTS)('pagination over %s', (transport) => {
  const api = useApi(transport, { scenario: pagesScenario() });

  for (const [path, field, refField] of [
    ['/invoices', 'invoices', 'invoice_ref'],
    ['/orders', 'orders', 'order_ref'],
    ['/transactions', 'transactions', 'transaction_ref'],
    ['/services', 'services', 'service_ref'],
  ] as const) {
    it.each([100, 7])(
      `walks ${COUNT} ${field} with limit %i: no gaps, no duplicates, strictly descending`,
      async (limit) => {
        const refs: string[] = [];
        let cursor: string | undefined;
        for (let pages = 0; pages < 100; pages++) {
          const res = await api.call(
            'GET',
            `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
            { key: KEY },
          );
          expect(res.status).toBe(200);
          const items = res.body[field] as Array<Record<string, string>>;
          expect(items.length).toBeLessThanOrEqual(limit);
          refs.push(...items.map((item) => item[refField] as string));
          const { has_more, next_cursor } = res.body.pagination;
          if (!has_more) {
            expect(next_cursor).toBeUndefined();
            break;
          }
          expect(next_cursor).toBe(items.at(-1)?.[refField]);
          cursor = next_cursor;
        }
        expect(refs).toHaveLength(COUNT);
        expect(new Set(refs).size).toBe(COUNT);
        for (let i = 1; i < refs.length; i++) {
          expect(hexValue(refs[i - 1] as string) > hexValue(refs[i] as string)).toBe(true);
        }
      },
    );
  }

  it('returns an empty last page past the oldest item and defaults to 50', async () => {
    const first = await api.call('GET', '/invoices', { key: KEY });
    expect(first.body.invoices).toHaveLength(50);
    expect(first.body.pagination.limit).toBe(50);
    const past = await api.call('GET', '/invoices?cursor=REF-INV-1', { key: KEY });
    expect(past.body).toMatchObject({ invoices: [], pagination: { limit: 50, has_more: false } });
  });
});
