import { RefClient } from '@refapi/sdk';
import { createRefTestServer } from '@refapi/server/vitest';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { DEMO } from '../test/helpers/reference';

// The in-process test loop as suites use it (`@refapi/server/vitest`): per test, 20 mixed
// SDK calls (reads, one order, one Shield rule) then the reset `setupRefServer` runs after
// each test; against the floor of the same 20 calls answered by minimal msw handlers with
// canned JSON (what a suite without a stateful mock pays). Batches alternate so load on a
// shared machine hits both alike.
const TARGET = 1.3;
const RESET_TARGET_MS = 1;
const TESTS = Number(process.env.BENCH_TESTS ?? 120);
const BATCH = 10;
const BASE = 'https://api.ref.test/v1';
const RULE = {
  name: 'drop DNS floods',
  mode: 'enforce',
  action: 'drop',
  risk: 'medium',
  protocol: 'udp',
  destination_port: 53,
  duration_hours: 24,
} as const;

async function twentyCalls(client: RefClient): Promise<void> {
  const shield = client.shield(DEMO.kvm);
  await client.account.get();
  await client.balance.get();
  await client.services.list();
  await client.services.get(DEMO.kvm);
  await client.services.stats();
  await client.invoices.list();
  await client.transactions.list();
  await client.orders.list();
  await client.plans.list();
  await shield.overview();
  await shield.rules.list();
  await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' }, { idempotencyKey: 'loop-1' });
  await shield.rules.create(RULE, { idempotencyKey: 'loop-rule-1' });
  await client.account.get();
  await client.services.list();
  await client.services.get(DEMO.dedicated);
  await client.invoices.list();
  await client.transactions.list();
  await shield.rules.list();
  await client.balance.get();
}

interface Canned {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

// One real exchange per call, recorded through the client's fetch, replayed by msw.
async function capture(): Promise<Canned[]> {
  const ref = createRefTestServer();
  await ref.start();
  const seen: Canned[] = [];
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push({
      method: request.method,
      url: request.url.split('?')[0] as string,
      status: response.status,
      body: await response.clone().json(),
      headers: Object.fromEntries(response.headers),
    });
    return response;
  };
  await twentyCalls(new RefClient({ apiKey: DEMO.eurKey, baseUrl: BASE, fetch: recording }));
  ref.stop();
  return seen;
}

function cannedServer(exchanges: readonly Canned[]) {
  const first = new Map<string, Canned>();
  for (const exchange of exchanges) first.set(`${exchange.method} ${exchange.url}`, exchange);
  return setupServer(
    ...[...first.values()].map((c) =>
      http[c.method.toLowerCase() as 'get' | 'post'](c.url, () =>
        HttpResponse.json(c.body as object, { status: c.status, headers: c.headers }),
      ),
    ),
  );
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** ms per test: the reference server (calls + reset) against canned msw handlers. */
export async function benchTestLoop(): Promise<boolean> {
  const canned = cannedServer(await capture());
  const ref = createRefTestServer();
  await ref.reference.ready;
  const client = new RefClient({ apiKey: DEMO.eurKey, baseUrl: BASE });
  const perTest = { ref: [] as number[], canned: [] as number[] };
  const resets: number[] = [];
  for (let done = -BATCH; done < TESTS; done += BATCH) {
    const warm = done < 0;
    ref.server.listen({ onUnhandledRequest: 'error' });
    let started = performance.now();
    for (let i = 0; i < BATCH; i++) {
      await twentyCalls(client);
      const resetStarted = performance.now();
      await ref.reset();
      if (!warm) resets.push(performance.now() - resetStarted);
    }
    if (!warm) perTest.ref.push((performance.now() - started) / BATCH);
    ref.server.close();

    canned.listen({ onUnhandledRequest: 'error' });
    started = performance.now();
    for (let i = 0; i < BATCH; i++) {
      await twentyCalls(client);
      canned.resetHandlers();
    }
    if (!warm) perTest.canned.push((performance.now() - started) / BATCH);
    canned.close();
  }
  const [refMs, cannedMs, resetMs] = [median(perTest.ref), median(perTest.canned), median(resets)];
  const ratio = refMs / cannedMs;
  const ok = ratio <= TARGET && resetMs <= RESET_TARGET_MS;
  console.log(
    `test loop (@refapi/server/vitest, ${TESTS} tests of 20 SDK calls + reset): ${refMs.toFixed(2)} ms/test vs canned msw ${cannedMs.toFixed(2)} ms/test`,
  );
  console.log(
    `  ${ratio.toFixed(2)}× the canned floor (target ≤ ${TARGET}×): ${ratio <= TARGET ? 'met' : 'MISSED'}; reset ${(resetMs * 1000).toFixed(0)} µs (target ≤ ${RESET_TARGET_MS} ms): ${resetMs <= RESET_TARGET_MS ? 'met' : 'MISSED'}`,
  );
  return ok;
}
