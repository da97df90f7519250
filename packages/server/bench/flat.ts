// Flatness in state size: POST /orders and GET /services?limit=50 p50 on an account with
// 100k invoices, 100k transactions, 10k services and 2,000 API keys, against the same
// figures on the demo state. Both servers run at once and take turns in chunks, so load
// on a shared machine hits both alike. Orders rotate over the account's keys (120 writes
// per key per minute), and the frozen clock moves a minute every 100 requests.
import { createReferenceServer, demoScenario, type ScenarioInput } from '../src/index';
import type { Figure } from './report';

const CHUNK = 100;
const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 8);
const ORDER = JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' });
const TARGET = 1.3;

function demoState(big: boolean): ScenarioInput {
  const doc = structuredClone(demoScenario);
  doc.frozen = true;
  const [eur] = doc.accounts ?? [];
  if (eur === undefined) throw new Error('demo scenario changed');
  eur.balance = 100_000_000;
  for (const plan of doc.plans ?? []) delete plan.stock;
  // Both pages full (50 services): the figure compares state size, not page size.
  eur.generate = { invoices: 0, transactions: 0, services: 50 };
  if (big) {
    eur.generate = { invoices: 100_000, transactions: 100_000, services: 10_000 };
    eur.api_keys = Array.from({ length: 2_000 }, (_, i) => ({
      token: `refak_flat_${i}`,
      scopes: ['*'],
      allowed_ips: [],
    }));
  }
  return doc;
}

interface Target {
  readonly baseUrl: string;
  readonly keys: readonly string[];
  advance(): void;
  close(): Promise<void>;
  orders: number[];
  services: number[];
  sent: number;
}

async function start(big: boolean): Promise<Target> {
  const doc = demoState(big);
  const server = createReferenceServer({ scenario: doc });
  await server.ready;
  const listening = await server.listen({ port: 0 });
  const eur = doc.accounts?.[0];
  const keys = (eur?.api_keys ?? [])
    .filter((k) => k.scopes?.includes('*') && (k.allowed_ips ?? []).length === 0)
    .map((k) => k.token);
  return {
    baseUrl: listening.baseUrl,
    keys,
    advance: () => server.admin.clock.advance(60),
    close: () => listening.close(),
    orders: [],
    services: [],
    sent: 0,
  };
}

async function timed(target: Target, order: boolean, samples: number[] | undefined) {
  if (++target.sent % 100 === 0) target.advance();
  const key = target.keys[target.sent % target.keys.length];
  const started = performance.now();
  const response = await fetch(`${target.baseUrl}/${order ? 'orders' : 'services?limit=50'}`, {
    method: order ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...(order ? { 'idempotency-key': `flat-${target.sent}` } : {}),
    },
    ...(order ? { body: ORDER } : {}),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`flat: status ${response.status}`);
  samples?.push(performance.now() - started);
}

const p50 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** p50 of orders and of a services page, big state against the demo, in one run. */
export async function benchFlat(): Promise<Figure[]> {
  const demo = await start(false);
  const big = await start(true);
  try {
    for (let chunk = -1; chunk < CHUNKS; chunk++) {
      const warm = chunk < 0;
      for (const target of [demo, big]) {
        for (let i = 0; i < CHUNK; i++) {
          await timed(target, true, warm ? undefined : target.orders);
          await timed(target, false, warm ? undefined : target.services);
        }
      }
    }
  } finally {
    await demo.close();
    await big.close();
  }
  const figure = (name: string, bigMs: number, demoMs: number): Figure => ({
    name,
    value: `${(bigMs / demoMs).toFixed(2)}× (${bigMs.toFixed(3)} vs ${demoMs.toFixed(3)} ms)`,
    target: `≤ ${TARGET}× of demo`,
    pass: bigMs / demoMs <= TARGET,
  });
  return [
    figure('POST /orders p50, big vs demo', p50(big.orders), p50(demo.orders)),
    figure('GET /services?limit=50 p50, big vs demo', p50(big.services), p50(demo.services)),
  ];
}
