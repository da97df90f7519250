// A server that sat idle must answer as fast afterwards. On Node 22, V8's memory reducer runs
// its full collections once a process has idled for some 40 s while a timer allocates (the
// bench server advances its clock every second). Before the server kept one tick entry alive
// (src/transport/node/tick-shape.ts), that left node's `process.nextTick` on V8's slow path
// for good: GET /v1/me 52 → 67 µs of CPU per request.
import { setTimeout as sleep } from 'node:timers/promises';
import { startBenchServer } from './child';
import { measure, type Served } from './http';
import type { Figure } from './report';
import { BENCH_REQUESTS, type BenchRequest } from './requests';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 50);
const MAX_RATIO = 1.15;

const ROUNDS = 3;

/** CPU per request over ROUNDS runs after `warmUps` runs (µs); undefined without /proc. */
async function cpuPerRequest(
  server: Served,
  request: BenchRequest,
  warmUps: number,
): Promise<number | undefined> {
  for (let i = 0; i < warmUps; i++) await measure(server, request);
  let cpu = 0;
  let requests = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const run = await measure(server, request);
    if (run.cpu === undefined) return undefined;
    cpu += run.cpu;
    requests += run.requests;
  }
  return (cpu / requests) * 1e6;
}

/** GET /v1/me's CPU per request after an idle spell against before it, in one server. */
export async function benchIdle(): Promise<Figure[]> {
  const me = BENCH_REQUESTS.find((request) => request.name === 'GET /v1/me') as BenchRequest;
  const ref = await startBenchServer(['ref']);
  try {
    // A fresh process settles (JIT, heap growth) over its first seconds; after idling, the
    // first second pays for recompiling. Rounds on a shared machine sway: three of each.
    const busy = await cpuPerRequest(ref, me, 2);
    await sleep(IDLE_SECONDS * 1000);
    const idled = await cpuPerRequest(ref, me, 1);
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
