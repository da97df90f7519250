// HTTP throughput of the reference server against a bare node:http server answering the
// same bytes, same client (autocannon), same run.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BENCH_KEYS } from './bench-scenario';
import type { Figure } from './report';
import { BENCH_REQUESTS, type BenchRequest } from './requests';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const SERVER = fileURLToPath(new URL('./http-server.ts', import.meta.url));

async function startServer(mode: 'ref' | 'bare') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@refapi/source', SERVER, mode],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  const { port } = JSON.parse(line.toString()) as { port: number };
  return { port, stop: () => child.kill('SIGTERM') };
}

async function requestsPerSecond(port: number, request: BenchRequest): Promise<number> {
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
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
  return result.requests.average;
}

/** Measures the three requests on both servers and returns the figures. */
export async function benchHttp(): Promise<Figure[]> {
  const bare = await startServer('bare');
  const ref = await startServer('ref');
  const figures: Figure[] = [];
  try {
    for (const request of BENCH_REQUESTS) {
      // Warm both up, then measure them back to back.
      await requestsPerSecond(bare.port, request);
      await requestsPerSecond(ref.port, request);
      const bareRps = await requestsPerSecond(bare.port, request);
      const refRps = await requestsPerSecond(ref.port, request);
      const ratio = refRps / bareRps;
      const headline = request.path === '/v1/services?limit=50';
      figures.push({
        name: `HTTP ${request.name}`,
        value: `${ratio.toFixed(2)} of bare (${Math.round(refRps)} vs ${Math.round(bareRps)} req/s)`,
        target: headline ? '≥ 0.30 of bare' : 'reported',
        ...(headline ? { pass: ratio >= 0.3 } : {}),
      });
    }
  } finally {
    bare.stop();
    ref.stop();
  }
  return figures;
}
