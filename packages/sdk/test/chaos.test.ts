import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ChaosProxy, startChaosProxy } from './helpers/chaos-proxy';
import { type Harness, overHttp } from './helpers/reference';
import { A1_KEY, accountScenario } from './helpers/scenarios';

let h: Harness;
let proxy: ChaosProxy;
beforeAll(async () => {
  h = await overHttp(accountScenario({ balance: 1000 }));
  const direct = h.client(A1_KEY);
  proxy = await startChaosProxy(new URL(direct.baseUrl).toString(), {
    seed: 20260101,
    resetRate: 0.3,
    unavailableRate: 0.2,
  });
});
afterAll(async () => {
  await proxy.close();
  await h.close();
});

async function countAll<T>(list: AsyncIterable<T>, keep: (item: T) => boolean = () => true) {
  let n = 0;
  for await (const item of list) if (keep(item)) n++;
  return n;
}

async function runPool(count: number, width: number, task: (i: number) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

it('creating 50 orders through resets and 503s yields exactly 50 services and 50 debits', async () => {
  const client = h.client(A1_KEY, { baseUrl: proxy.baseUrl, maxRetries: 12 });
  const refs = new Set<string>();
  await runPool(50, 10, async () => {
    const order = await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' });
    refs.add(order.service_ref);
  });

  // The proxy really misbehaved, in both ways, including answers lost after the work was done.
  expect(proxy.counts.resetAfterUpstream).toBeGreaterThan(0);
  expect(proxy.counts.resetBeforeUpstream).toBeGreaterThan(0);
  expect(proxy.counts.unavailable).toBeGreaterThan(0);

  const direct = h.client(A1_KEY);
  expect(refs.size).toBe(50);
  expect(await countAll(direct.services.list({ limit: 100 }))).toBe(51);
  expect(await countAll(direct.orders.list({ limit: 100 }))).toBe(50);
  const debits = await countAll(direct.transactions.list({ limit: 100 }), (t) => t.service_order);
  expect(debits).toBe(50);
  // 50 × (5.00 + 19 % VAT) = 297.50, checked in integer cents.
  const balance = await direct.balance.get();
  expect(Math.round(balance.amount * 100)).toBe(100_000 - 50 * 595);
  // Nearly half the attempts fail, and the retries back off exponentially (0.3 s, 0.6 s, …):
  // one order in thirty fails five times in a row and waits ~9 s, so the run takes 7-22 s
  // alone and past 30 s beside the other suites.
}, 90_000);
