import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, TRANSPORTS } from './helpers/reference';
import { A1_KEY, accountScenario } from './helpers/scenarios';

describe.each(TRANSPORTS)('pagination over 230 invoices, %s', (_name, start) => {
  let h: Harness;
  beforeAll(async () => {
    h = await start(accountScenario({ invoices: 230 }));
  });
  afterAll(() => h.close());

  it('walks every invoice exactly once, newest reference first', async () => {
    const refs: string[] = [];
    for await (const invoice of h.client(A1_KEY).invoices.list()) refs.push(invoice.invoice_ref);
    expect(refs).toHaveLength(230);
    expect(new Set(refs).size).toBe(230);
    const numbers = refs.map((r) => Number.parseInt(r.replace('REF-INV-', ''), 16));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('pages with .pages() and getNextPage()', async () => {
    const sizes: number[] = [];
    for await (const page of h.client(A1_KEY).invoices.list({ limit: 100 }).pages()) {
      sizes.push(page.items.length);
    }
    expect(sizes).toEqual([100, 100, 30]);
    const first = await h.client(A1_KEY).invoices.list({ limit: 100 });
    const second = await first.getNextPage();
    expect(second?.items[0]?.invoice_ref).not.toBe(first.items[0]?.invoice_ref);
  });

  it('stops early at maxItems without fetching further pages', async () => {
    const client = h.client(A1_KEY);
    const before = h.server.admin.requests().length;
    const refs: string[] = [];
    for await (const invoice of client.invoices.list({ limit: 20 }, { maxItems: 25 })) {
      refs.push(invoice.invoice_ref);
    }
    expect(refs).toHaveLength(25);
    expect(h.server.admin.requests().length - before).toBe(2);
  });
});
