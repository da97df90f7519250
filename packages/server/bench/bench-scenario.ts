import { demoScenario, type ScenarioInput } from '@refapi/server';

/**
 * Keys rotated by the load generator: 600 reads/120 writes per key and minute would cap a
 * single key. The alternating-rounds figures rotate the first 400; the traffic-shape
 * figures (a fleet of clients) all 2,000.
 */
export const BENCH_KEYS = Array.from({ length: 2_000 }, (_, i) => `refak_bench_${i}`);

/** The demo with a rich EUR account (60 services, room for thousands of orders) and many keys. */
export function benchScenario(): ScenarioInput {
  const doc = structuredClone(demoScenario);
  const [eur] = doc.accounts ?? [];
  if (eur === undefined) throw new Error('demo scenario changed');
  eur.balance = 100_000_000;
  eur.generate = { services: 50, invoices: 40, transactions: 20 };
  eur.api_keys = BENCH_KEYS.map((token) => ({ token, scopes: ['*'], allowed_ips: [] }));
  for (const plan of doc.plans ?? []) delete plan.stock;
  return doc;
}
