// HTTP throughput of the reference server against a bare node:http server answering the
// same bytes, same client (autocannon), same run.
import autocannon from 'autocannon';
import { BENCH_KEYS } from './bench-scenario';
import { startBenchServer } from './child';
import type { Figure } from './report';
import { BENCH_REQUESTS, type BenchRequest } from './requests';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

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
  'POST /v1/orders': 0.2,
};

/** Measures the three requests on both servers, and the p99 of orders under 20 connections. */
export async function benchHttp(): Promise<Figure[]> {
  const bare = await startBenchServer(['bare']);
  const ref = await startBenchServer(['ref']);
  const figures: Figure[] = [];
  try {
    for (const request of BENCH_REQUESTS) {
      // Warm both up, then measure them back to back.
      await measure(bare.port, request);
      await measure(ref.port, request);
      const bareRps = (await measure(bare.port, request)).rps;
      const refRps = (await measure(ref.port, request)).rps;
      const ratio = refRps / bareRps;
      const target = RATIO_TARGETS[request.name];
      figures.push({
        name: `HTTP ${request.name}`,
        value: `${ratio.toFixed(2)} of bare (${Math.round(refRps)} vs ${Math.round(bareRps)} req/s)`,
        target: target === undefined ? 'reported' : `≥ ${target.toFixed(2)} of bare`,
        ...(target === undefined ? {} : { pass: ratio >= target }),
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
    ref.stop();
  }
  return figures;
}
