import { RefClient } from '@refapi/sdk';
import { createReferenceServer, type ListeningServer } from '@refapi/server';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { buyServer } from '../src/buy-server';
import { newestInvoiceRefs, totalInvoicedCents } from '../src/page-invoices';
import { quickstart } from '../src/quickstart';
import { blockInboundDns } from '../src/shield-rule';

// The examples run against the reference server over real HTTP on 127.0.0.1.
const reference = createReferenceServer();
let listening: ListeningServer;
let client: RefClient;
beforeAll(async () => {
  await reference.ready;
  listening = await reference.listen({ port: 0, host: '127.0.0.1' });
  client = new RefClient({ apiKey: 'refak_demo_eur_full', baseUrl: listening.baseUrl });
});
afterAll(() => listening.close());
beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

it('quickstart buys once per key, pages the invoices and reboots the new server', async () => {
  const first = await quickstart(client, 'quickstart-test-1');
  expect(first.serviceRef).toMatch(/^REF-SVC-/);
  expect(first.replayed).toBe(false);
  expect(first.invoicedCents).toBeGreaterThan(0);
  const again = await quickstart(client, 'quickstart-test-1');
  expect(again).toMatchObject({ serviceRef: first.serviceRef, replayed: true });
  expect(console.log).toHaveBeenCalledWith(expect.stringContaining('replayed'));
});

it('buyServer debits the balance once for one key', async () => {
  const before = await client.balance.get();
  const order = await buyServer(client, 'quickstart-test-2');
  await buyServer(client, 'quickstart-test-2');
  const after = await client.balance.get();
  expect(Math.round((before.amount - after.amount) * 100)).toBe(
    Math.round((before.amount - order.balance.amount) * 100),
  );
});

it('pages every invoice and stops early when asked', async () => {
  const all = await newestInvoiceRefs(client, 1000);
  expect(all.length).toBeGreaterThan(3);
  expect(new Set(all).size).toBe(all.length);
  expect(await newestInvoiceRefs(client, 3)).toEqual(all.slice(0, 3));
  expect(await totalInvoicedCents(client)).toBeGreaterThan(0);
});

it('waits for a Shield rule to become active', async () => {
  // Each Shield step takes 5 s of server time: move the clock while the example polls.
  const clock = setInterval(() => reference.admin.clock.advance(5), 100);
  try {
    const rule = await blockInboundDns(client, 'REF-SVC-101');
    expect(rule?.state).toBe('active');
  } finally {
    clearInterval(clock);
  }
});
