// Cost of `reset` between tests on the demo scenario, after a test that wrote (one order):
// what `@refapi/server/vitest` pays after every test.
import { createReferenceServer } from '../src/index';
import type { Figure } from './report';

const ROUNDS = Number(process.env.BENCH_RESETS ?? 300);

/** Median `admin.reset()` time on the demo scenario after one order. */
export async function benchReset(): Promise<Figure[]> {
  const server = createReferenceServer({ onError: () => {} });
  await server.ready;
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS + 50; i++) {
    const response = await server.fetch(`${server.baseUrl}/orders`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer refak_demo_eur_full',
        'content-type': 'application/json',
        'idempotency-key': `reset-${i}`,
      },
      body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
    });
    if (response.status !== 200) throw new Error(`reset: order answered ${response.status}`);
    const started = performance.now();
    await server.admin.reset();
    if (i >= 50) samples.push(performance.now() - started);
  }
  const median = [...samples].sort((a, b) => a - b)[samples.length >> 1] as number;
  return [
    {
      name: 'reset on the demo scenario (median, after one order)',
      value: `${(median * 1000).toFixed(0)} µs`,
      target: '≤ 1 ms',
      pass: median <= 1,
    },
  ];
}
