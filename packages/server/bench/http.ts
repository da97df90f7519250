// HTTP throughput of the reference server against a bare node:http server answering the
// same bytes, same client (autocannon), same run.
import autocannon from 'autocannon';
import { BENCH_KEYS } from './bench-scenario';
import { startBenchServer } from './child';
import type { Figure } from './report';
import { BENCH_REQUESTS, type BenchRequest } from './requests';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
// Bare and reference measured in alternating rounds; a ratio is the median of the rounds'
// (a shared machine's load shifts within seconds, and both sides of a round see the same).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const CONNECTIONS = 10;
// The p99 target of POST /v1/orders is taken under 20 connections.
const P99_CONNECTIONS = 20;

interface Run {
  readonly rps: number;
  readonly p99: number;
}

async function measure(
  port: number,
  request: BenchRequest,
  connections = CONNECTIONS,
): Promise<Run> {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: SECONDS,
    requests: [
      {
        method: request.method,
        path: request.path,
        ...(request.body === undefined ? {} : { body: request.body }),
        setupRequest: (req) => {
          n++;
          const headers: Record<string, string> = {
            authorization: `Bearer ${BENCH_KEYS[n % BENCH_KEYS.length]}`,
            'content-type': 'application/json',
          };
          if (request.method === 'POST') headers['idempotency-key'] = `bench-${n}`;
          return { ...req, headers };
        },
      },
    ],
  });
  if (result.non2xx > 0) throw new Error(`${request.name}: ${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

// Targets against the bare server answering the same bytes (POST: after reading the body).
const RATIO_TARGETS: Record<string, number> = {
  'GET /v1/services?limit=50': 0.3,
  'GET /v1/me': 0.8,
  'POST /v1/orders': 0.4,
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Median ratio of `server` to `bare` over alternating rounds, after one warm-up each. */
async function ratioOf(serverPort: number, barePort: number, request: BenchRequest) {
  await measure(barePort, request);
  await measure(serverPort, request);
  const ratios: number[] = [];
  const rps: number[] = [];
  const bareRps: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const base = (await measure(barePort, request)).rps;
    const own = (await measure(serverPort, request)).rps;
    ratios.push(own / base);
    rps.push(own);
    bareRps.push(base);
  }
  return { ratio: median(ratios), rps: median(rps), bareRps: median(bareRps) };
}

/**
 * Measures the three requests on both servers, and the p99 of orders under 20 connections.
 * Beside each ratio, the floor: the bare server plus the work no server of this API can
 * skip (key digest, JSON and the contract's body schema, the response serialised).
 */
export async function benchHttp(): Promise<Figure[]> {
  const bare = await startBenchServer(['bare']);
  const floor = await startBenchServer(['floor']);
  const ref = await startBenchServer(['ref']);
  const figures: Figure[] = [];
  try {
    for (const request of BENCH_REQUESTS) {
      const { ratio, rps, bareRps } = await ratioOf(ref.port, bare.port, request);
      const target = RATIO_TARGETS[request.name];
      figures.push({
        name: `HTTP ${request.name}`,
        value: `${ratio.toFixed(2)} of bare (${Math.round(rps)} vs ${Math.round(bareRps)} req/s)`,
        target: target === undefined ? 'reported' : `≥ ${target.toFixed(2)} of bare`,
        ...(target === undefined ? {} : { pass: ratio >= target }),
      });
      const least = await ratioOf(floor.port, bare.port, request);
      figures.push({
        name: `  floor (bare + digest, JSON, body schema)`,
        value: `${least.ratio.toFixed(2)} of bare (${Math.round(least.rps)} req/s)`,
        target: 'reported',
      });
    }
    const order = BENCH_REQUESTS.find((r) => r.method === 'POST') as BenchRequest;
    const { p99, rps } = await measure(ref.port, order, P99_CONNECTIONS);
    figures.push({
      name: `HTTP ${order.name} p99, ${P99_CONNECTIONS} connections`,
      value: `${p99.toFixed(1)} ms (${Math.round(rps)} req/s)`,
      target: '≤ 10 ms',
      pass: p99 <= 10,
    });
  } finally {
    bare.stop();
    floor.stop();
    ref.stop();
  }
  return figures;
}
