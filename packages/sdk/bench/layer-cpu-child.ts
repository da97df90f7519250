// Child of the SDK benches: times one contender alone in a fresh process (so no other
// contender's JIT feedback or garbage shapes its figure) and prints the median µs per call
// over the measured rounds. `<name>` alone: CPU per call on a canned response (the layer
// CPU section). `<name> <base url> <key>`: wall time per call over HTTP to that server (the
// overhead section; the server runs in the parent).
import { RefClient } from '@refapi/sdk';
import ky from 'ky';
import { account } from '../test/helpers/fixtures';

const WARMUP_ROUNDS = 4;
const ROUNDS = 16;
const PER_ROUND = 500;

const body = JSON.stringify(account);
const headers = {
  'content-type': 'application/json',
  'ratelimit-limit': '600',
  'ratelimit-remaining': '599',
  'ratelimit-reset': '60',
};
// No network at all: what is left is the CPU each layer adds per call.
const cannedFetch = async () => new Response(body, { headers });
const [name, httpBaseUrl, httpKey] = process.argv.slice(2);
const overHttp = httpBaseUrl !== undefined;
const baseUrl = httpBaseUrl ?? 'http://127.0.0.1:9/v1';
const API_KEY = httpKey ?? 'refak_bench';
const requestHeaders = { authorization: `Bearer ${API_KEY}`, accept: 'application/json' };
const fetchOf = overHttp ? globalThis.fetch : cannedFetch;

/**
 * Registers OpenTelemetry as an application that exports nothing would: `'api'` leaves the
 * API's own no-op providers (the package installed, nothing registered); `'provider'`
 * registers the SDK's tracer and meter providers without a processor or reader, and the W3C
 * propagator, so spans are made, recorded and dropped.
 */
async function registerOtel(kind: 'api' | 'provider'): Promise<void> {
  if (kind === 'api') return;
  const { metrics, propagation, trace } = await import('@opentelemetry/api');
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
  const { TracerProvider } = await import('@opentelemetry/sdk-trace');
  const { MeterProvider } = await import('@opentelemetry/sdk-metrics');
  trace.setGlobalTracerProvider(new TracerProvider());
  metrics.setGlobalMeterProvider(new MeterProvider());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

async function contender(name: string | undefined): Promise<() => Promise<unknown>> {
  if (name === 'bare')
    return async () => (await fetchOf(`${baseUrl}/me`, { headers: requestHeaders })).json();
  if (name === 'ky') {
    // The same request as the SDK's: its key and Accept header, no SDK layer.
    const plainKy = ky.create({ prefix: baseUrl, headers: requestHeaders, fetch: fetchOf });
    return () => plainKy.get('me').json();
  }
  if (name === 'sdk' || name === 'sdk-otel-api' || name === 'sdk-otel-provider') {
    if (name !== 'sdk') await registerOtel(name === 'sdk-otel-api' ? 'api' : 'provider');
    const client = new RefClient({ apiKey: API_KEY, baseUrl, fetch: fetchOf });
    return () => client.account.get();
  }
  throw new Error(`unknown contender ${name}`);
}

const call = await contender(name);
const perCallUs: number[] = [];
// On a canned response, CPU time of this process (user + system), not wall time: on a
// shared machine a contender that waits for a core is not charged for the wait. Over HTTP,
// wall time: the call's cost includes the server's answer, as a user waits for it.
const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const clockUs = overHttp ? () => performance.now() * 1000 : cpuUs;
// Over HTTP fewer calls: each is a round trip, and a round stays inside one rate-limit window.
const perRound = overHttp ? 100 : PER_ROUND;
for (let round = 0; round < ROUNDS; round++) {
  const started = clockUs();
  for (let i = 0; i < perRound; i++) await call();
  if (round >= WARMUP_ROUNDS) perCallUs.push((clockUs() - started) / perRound);
}
perCallUs.sort((a, b) => a - b);
process.stdout.write(`${perCallUs[perCallUs.length >> 1]}\n`);
