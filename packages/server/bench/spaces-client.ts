// Child process of the spaces benchmark: one client sending the request mix of the HTTP
// bench (GET services, GET me, POST orders) back to back for a fixed time, at the root or
// in a space of its own; prints the number of 2xx answers.
import { BENCH_KEYS } from './bench-scenario';
import { BENCH_REQUESTS } from './requests';

const [origin, adminToken, mode, seconds] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };

let prefix = '';
let clockUrl = '';
if (mode === 'space') {
  const response = await fetch(`${origin}/__admin/spaces`, {
    method: 'POST',
    headers: admin,
    body: '{}',
  });
  const space = (await response.json()) as { space_id: string; admin_url: string };
  prefix = `/spaces/${space.space_id}`;
  clockUrl = `${space.admin_url}/clock`;
}
// Ready: the parent starts every client's clock at once.
process.stdout.write('{"ready":true}\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));

// Rate-limit windows follow each state's own clock: a space moves its own on, as the
// server moves the root's (a minute per real second), so no client runs into 429.
const ticker =
  clockUrl === ''
    ? undefined
    : setInterval(() => {
        void fetch(clockUrl, { method: 'POST', headers: admin, body: '{"advance_seconds":60}' });
      }, 1000);
const end = performance.now() + Number(seconds) * 1000;
let ok = 0;
let failed = 0;
for (let n = 0; performance.now() < end; n++) {
  const request = BENCH_REQUESTS[n % BENCH_REQUESTS.length] as (typeof BENCH_REQUESTS)[number];
  const key = BENCH_KEYS[(n * 7 + process.pid) % BENCH_KEYS.length] as string;
  const response = await fetch(`${origin}${prefix}${request.path}`, {
    method: request.method,
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      ...(request.method === 'POST' ? { 'idempotency-key': `c${process.pid}-${n}` } : {}),
    },
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  await response.arrayBuffer();
  if (response.ok) ok++;
  else failed++;
}
if (ticker !== undefined) clearInterval(ticker);
// stdin stays open (the parent's pipe): leave once the answer is out.
process.stdout.write(`${JSON.stringify({ ok, failed })}\n`, () => process.exit(0));
