// The traffic of a fleet of clients, as a bench from outside sends it: each request with the
// next of 2,000 API keys, the servers measured in turn (ref-server idles while the others
// run). Against the alternating-rounds figures of `http.ts` it answers why an outside bench
// got GET /me 0.49-0.54 and orders 0.36-0.41 of bare: not the keys and not the idle spells,
// but how warm the process was. A fresh ref-server's first seconds run the request path
// before V8 has compiled it; once warm, this shape lands where alternating rounds do.
import { BENCH_KEYS } from './bench-scenario';
import { startBenchServer } from './child';
import { measure, type Served, warmUpWith } from './http';
import type { Figure } from './report';
import { BENCH_REQUESTS, type BenchRequest } from './requests';

const ROUNDS = 3;
const KEYS = BENCH_KEYS.length;

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] as number;

async function shapeOf(request: BenchRequest): Promise<Figure[]> {
  const bare = await startBenchServer(['bare']);
  const floor = await startBenchServer(['floor']);
  const ref = await startBenchServer(['ref']);
  try {
    // Fresh: the first run each process ever serves, in turn.
    const freshBare = await measure(bare, request, { keys: KEYS });
    const freshRef = await measure(ref, request, { keys: KEYS });
    for (const server of [bare, floor, ref] as Served[]) await warmUpWith(server, request, KEYS);
    const ratios: number[] = [];
    const floors: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const base = await measure(bare, request, { keys: KEYS });
      const least = await measure(floor, request, { keys: KEYS });
      const own = await measure(ref, request, { keys: KEYS });
      ratios.push(own.rps / base.rps);
      floors.push(least.rps / base.rps);
    }
    return [
      {
        name: `shape ${request.name}, warm`,
        value: `${median(ratios).toFixed(2)} of bare (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
        target: `reported; floor ${median(floors).toFixed(2)} (bare + digest, JSON, body schema)`,
      },
      {
        name: `shape ${request.name}, fresh processes' first run`,
        value: `${(freshRef.rps / freshBare.rps).toFixed(2)} of bare (${Math.round(freshRef.rps)} vs ${Math.round(freshBare.rps)} req/s)`,
        target: 'reported (the warm-up an outside bench of short runs measures)',
      },
    ];
  } finally {
    bare.stop();
    floor.stop();
    ref.stop();
  }
}

/** The three requests in the traffic shape of a fleet of clients, warm and fresh. */
export async function benchTrafficShape(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const request of BENCH_REQUESTS) figures.push(...(await shapeOf(request)));
  return figures;
}
