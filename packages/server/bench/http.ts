// HTTP throughput of the reference server against a bare node:http server answering the
// same bytes, same client (autocannon), same run; beside it, the CPU each server spent per
// request (Linux: /proc), which the load of a shared machine sways far less.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { BENCH_KEYS } from './bench-scenario';
import { startBenchServer } from './child';
import type { Figure } from './report';
import { BENCH_REQUESTS, type BenchRequest } from './requests';
import { SpeedProbe } from './steadiness';
import { warmUp } from './warm-up';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
// Bare and reference measured in alternating rounds; a ratio is the median of the rounds'
// (a shared machine's load shifts within seconds, and both sides of a round see the same).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const CONNECTIONS = 10;
// The p99 target of POST /v1/orders is taken under 20 connections.
const P99_CONNECTIONS = 20;
const P99_WINDOWS = 3;

interface Run {
  readonly rps: number;
  readonly p99: number;
  readonly requests: number;
  /** CPU seconds the server process spent during the run; undefined without /proc. */
  readonly cpu: number | undefined;
}

/** A server under measurement: its port and process id. */
export interface Served {
  readonly port: number;
  readonly pid: number | undefined;
}

/** utime + stime of a process in seconds (clock ticks of 10 ms on Linux); undefined elsewhere. */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

let runs = 0;

/** Loads `server` with `request` for BENCH_SECONDS; its throughput, p99 and CPU. */
export async function measure(
  server: Served,
  request: BenchRequest,
  {
    connections = CONNECTIONS,
    keys = 400,
    seconds = SECONDS,
    probe,
  }: { connections?: number; keys?: number; seconds?: number; probe?: SpeedProbe } = {},
): Promise<Run> {
  await probe?.sample();
  const cpuBefore = cpuSeconds(server.pid);
  let n = 0;
  // Keys never used before: a key of an earlier run would be answered as its replay.
  const prefix = `bench-${++runs}`;
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: request.method,
        path: request.path,
        ...(request.body === undefined ? {} : { body: request.body }),
        setupRequest: (req) => {
          n++;
          const headers: Record<string, string> = {
            authorization: `Bearer ${BENCH_KEYS[n % keys]}`,
            'content-type': 'application/json',
          };
          if (request.method === 'POST') headers['idempotency-key'] = `${prefix}-${n}`;
          return { ...req, headers };
        },
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`${request.name}: ${result.non2xx} non-2xx answers`);
  const cpuAfter = cpuSeconds(server.pid);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    requests: result.requests.total,
    cpu: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  };
}

/** Loads `server` with `request` until its rate settles (see `warm-up.ts`). */
export const warmUpWith = (server: Served, request: BenchRequest, keys = 400) =>
  warmUp((seconds) => measure(server, request, { keys, seconds }));

// Targets against the bare server answering the same bytes (POST: after reading the body).
const RATIO_TARGETS: Record<string, number> = {
  'GET /v1/services?limit=50': 0.3,
  'GET /v1/me': 0.9,
  'POST /v1/orders': 0.6,
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/**
 * Median ratio of `server` to `bare` over alternating rounds, once both are warm; and the
 * ratio of their CPU per request over all rounds (bare's over the server's: 0.5 means
 * twice bare's CPU), undefined without /proc; and how the server warmed up.
 */
async function ratioOf(server: Served, bare: Served, request: BenchRequest, probe: SpeedProbe) {
  await warmUpWith(bare, request);
  const warm = await warmUpWith(server, request);
  const ratios: number[] = [];
  const rps: number[] = [];
  const bareRps: number[] = [];
  const cpu = { own: 0, ownRequests: 0, bare: 0, bareRequests: 0, known: true };
  for (let round = 0; round < ROUNDS; round++) {
    const base = await measure(bare, request, { probe });
    const own = await measure(server, request, { probe });
    ratios.push(own.rps / base.rps);
    rps.push(own.rps);
    bareRps.push(base.rps);
    if (own.cpu === undefined || base.cpu === undefined) cpu.known = false;
    else {
      cpu.own += own.cpu;
      cpu.ownRequests += own.requests;
      cpu.bare += base.cpu;
      cpu.bareRequests += base.requests;
    }
  }
  const perRequest = (seconds: number, requests: number) => (seconds / requests) * 1e6;
  const ownUs = perRequest(cpu.own, cpu.ownRequests);
  const bareUs = perRequest(cpu.bare, cpu.bareRequests);
  return {
    ratio: median(ratios),
    ratios,
    rps: median(rps),
    bareRps: median(bareRps),
    cpu: cpu.known && ownUs > 0 ? { ratio: bareUs / ownUs, ownUs, bareUs } : undefined,
    warm,
  };
}

const cpuText = (cpu: { ratio: number; ownUs: number; bareUs: number } | undefined) =>
  cpu === undefined
    ? ''
    : `; CPU/request ${cpu.ratio.toFixed(2)} of bare (${Math.round(cpu.ownUs)} vs ${Math.round(cpu.bareUs)} µs)`;

/**
 * Measures the three requests on both servers, and the p99 of orders under 20 connections.
 * Beside each ratio, two floors: the bare server plus the work no server of this API can
 * skip (key digest, JSON and the contract's body schema, the response serialised), and the
 * same server also keeping what the reference spec makes each request leave behind (its
 * journal entry, a write's idempotency record).
 */
export async function benchHttp(): Promise<Figure[]> {
  const bare = await startBenchServer(['bare']);
  const floor = await startBenchServer(['floor']);
  const floorKept = await startBenchServer(['floor-kept']);
  const ref = await startBenchServer(['ref']);
  const floors = [
    ['floor (bare + digest, JSON, body schema)', floor],
    ['floor + what it must keep (journal, idempotency)', floorKept],
  ] as const;
  const probe = new SpeedProbe();
  const figures: Figure[] = [];
  try {
    for (const request of BENCH_REQUESTS) {
      const { ratio, ratios, rps, bareRps, cpu, warm } = await ratioOf(ref, bare, request, probe);
      const target = RATIO_TARGETS[request.name];
      figures.push({
        name: `HTTP ${request.name}`,
        value: `${ratio.toFixed(2)} of bare (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}; ${Math.round(rps)} vs ${Math.round(bareRps)} req/s)${cpuText(cpu)}`,
        target: target === undefined ? 'reported' : `≥ ${target.toFixed(2)} of bare`,
        ...(target === undefined ? {} : { pass: ratio >= target }),
      });
      figures.push({
        name: '  warm-up (first second of this request, then settled)',
        value: `${Math.round(warm.firstRps)} req/s, settled after ${warm.seconds} s`,
        target: 'reported',
      });
      for (const [name, server] of floors) {
        const least = await ratioOf(server, bare, request, probe);
        figures.push({
          name: `  ${name}`,
          value: `${least.ratio.toFixed(2)} of bare (${Math.round(least.rps)} req/s)${cpuText(least.cpu)}`,
          target: 'reported',
        });
      }
    }
    const order = BENCH_REQUESTS.find((r) => r.method === 'POST') as BenchRequest;
    // After a warm-up like every figure here: the floors ran meanwhile, and an idle V8 has
    // shrunk its young generation (the first second after idling pays for regrowing it).
    await measure(ref, order, { connections: P99_CONNECTIONS });
    // The median of three windows: one window's p99 is set by whether a major GC of the
    // orders' growing heap lands in it (6-18 ms over ten windows of one server).
    const windows: Run[] = [];
    for (let i = 0; i < P99_WINDOWS; i++) {
      windows.push(await measure(ref, order, { connections: P99_CONNECTIONS, probe }));
    }
    const p99 = median(windows.map((w) => w.p99));
    const rps = median(windows.map((w) => w.rps));
    figures.push({
      name: `HTTP ${order.name} p99, ${P99_CONNECTIONS} connections`,
      value: `${p99.toFixed(1)} ms, median of ${P99_WINDOWS} windows (${windows.map((w) => w.p99.toFixed(0)).join(', ')} ms; ${Math.round(rps)} req/s)`,
      target: '≤ 10 ms',
      pass: p99 <= 10,
    });
    figures.push(probe.figure());
  } finally {
    await probe.close();
    bare.stop();
    floor.stop();
    floorKept.stop();
    ref.stop();
  }
  return figures;
}
