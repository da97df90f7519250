// A server that sat idle must answer as fast afterwards. On Node 22, V8's memory reducer runs
// its full collections once a process has idled for some 40 s while a timer allocates (the
// bench server advances its clock every second). Before the server kept one tick entry alive
// (src/transport/node/tick-shape.ts), that left node's `process.nextTick` on V8's slow path
// for good: GET /v1/me 52 → 67 µs of CPU per request.
import { setTimeout as sleep } from 'node:timers/promises';
import { startBenchServer } from './child';
import { measure, type Run } from './http';
import type { Figure } from './report';
import { BENCH_REQUESTS, type BenchRequest } from './requests';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 50);
const MAX_RATIO = 1.15;

const cpuUs = (run: Run): number | undefined =>
  run.cpu === undefined ? undefined : (run.cpu / run.requests) * 1e6;

/** GET /v1/me's CPU per request after an idle spell against before it, in one server. */
export async function benchIdle(): Promise<Figure[]> {
  const me = BENCH_REQUESTS.find((request) => request.name === 'GET /v1/me') as BenchRequest;
  const ref = await startBenchServer(['ref']);
  try {
    // Each figure after a warm-up: after idling, the first second pays for recompiling.
    await measure(ref, me);
    const busy = cpuUs(await measure(ref, me));
    await sleep(IDLE_SECONDS * 1000);
    await measure(ref, me);
    const idled = cpuUs(await measure(ref, me));
    if (busy === undefined || idled === undefined) {
      return [
        { name: 'GET /v1/me after idling', value: 'no /proc: not measured', target: 'reported' },
      ];
    }
    const ratio = idled / busy;
    return [
      {
        name: `GET /v1/me CPU/request after ${IDLE_SECONDS} s idle vs before`,
        value: `${ratio.toFixed(2)}× (${Math.round(idled)} vs ${Math.round(busy)} µs)`,
        target: `≤ ${MAX_RATIO.toFixed(2)}×`,
        pass: ratio <= MAX_RATIO,
      },
    ];
  } finally {
    ref.stop();
  }
}
