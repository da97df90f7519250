// Connection bursts from one address (reference spec section 8, Neighbours): every
// connection that sent a request gets an HTTP answer, never a reset. A local load test
// (autocannon, 500 connections) and 2,000 requests at once, each on its own connection,
// against the built server in a child process.
import { request } from 'node:http';
import autocannon from 'autocannon';
import { startBenchServer } from './child';
import type { Figure } from './report';

const BURST = 2_000;
const CONNECTIONS = 500;
const AUTOCANNON_REQUESTS = 5_000;

/** One GET on a connection of its own: its status, or the socket error's code. */
function getOnce(port: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/__admin/health', agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    req.end();
  });
}

/** 2,000 concurrent requests and an autocannon run of 500 connections, counted. */
export async function benchBurst(): Promise<Figure[]> {
  const ref = await startBenchServer(['ref']);
  try {
    const started = performance.now();
    const outcomes = await Promise.all(Array.from({ length: BURST }, () => getOnce(ref.port)));
    const ms = performance.now() - started;
    const answered = outcomes.filter((o) => typeof o === 'number').length;
    const cannon = await autocannon({
      url: `http://127.0.0.1:${ref.port}/__admin/health`,
      connections: CONNECTIONS,
      amount: AUTOCANNON_REQUESTS,
    });
    return [
      {
        name: `Burst: ${BURST.toLocaleString('en')} concurrent requests, one connection each`,
        value: `${answered}/${BURST} answered, ${Math.round(ms)} ms`,
        target: 'every one answered (no reset)',
        pass: answered === BURST,
      },
      {
        name: `Burst: autocannon ${CONNECTIONS} connections, ${AUTOCANNON_REQUESTS.toLocaleString('en')} requests`,
        value: `${cannon.errors} socket errors, ${Math.round(cannon.requests.average)} req/s`,
        target: '0 socket errors',
        pass: cannon.errors === 0,
      },
    ];
  } finally {
    ref.stop();
  }
}
