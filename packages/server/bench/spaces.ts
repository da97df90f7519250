// Spaces and snapshots (reference-server.md section 7): what a space costs to create (in
// process at demo size and at 100,000 records, and over HTTP), to keep idle, per request
// against the same request at the root, and what restoring a snapshot costs; then eight
// client processes sharing one server, each in its own space, against the same eight at
// the root.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { demoScenario, type ScenarioInput } from '../src/index';
import { createReferenceCore } from '../src/server/reference-core';
import { startBenchServer } from './child';
import type { Figure } from './report';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const KEY = 'refak_demo_eur_full';
const CLIENTS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

const median = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[samples.length >> 1] as number;
const ms = (value: number) => `${value.toFixed(3)} ms`;

function bigScenario(): ScenarioInput {
  const doc = structuredClone(demoScenario);
  const [eur] = doc.accounts ?? [];
  if (eur === undefined) throw new Error('demo scenario changed');
  eur.generate = { invoices: 50_000, transactions: 40_000, services: 10_000 };
  return doc;
}

async function core(scenario: ScenarioInput = demoScenario) {
  const parts = createReferenceCore({ scenario, onError: () => {}, spaces: { max: 1000 } });
  await parts.core.ready;
  return parts;
}

/** Median time of `spaces.create` (each space deleted right after, outside the timing). */
async function createTime(scenario?: ScenarioInput, records = 0): Promise<number> {
  const { spaces, core: reference } = await core(scenario);
  const held = reference.store
    .partitions()
    .reduce(
      (sum, p) => sum + p.services.size + p.invoices.size + p.transactions.size + p.orders.size,
      0,
    );
  if (held < records) throw new Error(`the state holds ${held} records, not ${records}`);
  const samples: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    const { space_id } = await spaces.create({});
    if (i >= 50) samples.push(performance.now() - started);
    spaces.delete(space_id);
  }
  return median(samples);
}

/** Median `POST /__admin/spaces` over HTTP (keep-alive, the client in this process). */
async function httpCreateTime(): Promise<number> {
  const { core: reference, handle, basePath, onError } = await core();
  const { listenHttp } = await import('../src/transport/node/listen');
  const listening = await listenHttp(handle, basePath, onError, { port: 0 });
  const headers = { authorization: `Bearer ${reference.adminToken}` };
  const samples: number[] = [];
  for (let i = 0; i < 250; i++) {
    const started = performance.now();
    const response = await fetch(`${listening.url}/__admin/spaces`, { method: 'POST', headers });
    const { space_id } = (await response.json()) as { space_id: string };
    if (i >= 50) samples.push(performance.now() - started);
    await (
      await fetch(`${listening.url}/__admin/spaces/${space_id}`, { method: 'DELETE', headers })
    ).arrayBuffer();
  }
  await listening.close();
  return median(samples);
}

/** Memory of 100 idle spaces at demo size: heap and RSS growth after a full collection. */
async function idleCost(): Promise<{ rss: number; heap: number }> {
  const { spaces } = await core();
  await spaces.create({});
  collectGarbage();
  const before = process.memoryUsage();
  for (let i = 0; i < 100; i++) await spaces.create({});
  collectGarbage();
  const after = process.memoryUsage();
  if (spaces.size !== 101) throw new Error('spaces went missing');
  return { rss: after.rss - before.rss, heap: after.heapUsed - before.heapUsed };
}

/** p50 of the same read at the root and in a space, taking turns in chunks. */
async function requestCost(): Promise<{ root: number; space: number }> {
  const { core: reference, spaces, basePath } = await core();
  const { space_id } = await spaces.create({});
  const path = '/services?limit=50';
  const origin = new URL(reference.baseUrl).origin;
  const prefixes = { root: reference.baseUrl, space: `${origin}/spaces/${space_id}${basePath}` };
  const samples = { root: [] as number[], space: [] as number[] };
  const init = { headers: { authorization: `Bearer ${KEY}` } };
  for (let chunk = 0; chunk < 40; chunk++) {
    for (const where of ['root', 'space'] as const) {
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        const response = await reference.fetch(`${prefixes[where]}${path}`, init);
        await response.arrayBuffer();
        if (chunk >= 4) samples[where].push(performance.now() - started);
        if (response.status !== 200) throw new Error(`${where}: ${response.status}`);
      }
    }
    // Rate-limit windows: a minute per chunk on both clocks.
    reference.admin.clock.advance(60);
    spaces.use(space_id)?.control.admin.clock.advance(60);
  }
  return { root: median(samples.root), space: median(samples.space) };
}

async function restoreTime(): Promise<number> {
  const { core: reference } = await core();
  reference.admin.snapshots.save('clean');
  const samples: number[] = [];
  for (let i = 0; i < 300; i++) {
    const response = await reference.fetch(`${reference.baseUrl}/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        'idempotency-key': `restore-${i}`,
      },
      body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
    });
    if (response.status !== 200) throw new Error(`restore bench: order ${response.status}`);
    const started = performance.now();
    await reference.admin.snapshots.restore('clean');
    if (i >= 50) samples.push(performance.now() - started);
  }
  return median(samples);
}

async function startClient(origin: string, adminToken: string, mode: string) {
  const script = fileURLToPath(new URL('./spaces-client.ts', import.meta.url));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', script, origin, adminToken, mode, String(SECONDS)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n')));
  while (lines.length === 0) await once(child.stdout as NodeJS.ReadableStream, 'data');
  return {
    start: () => child.stdin?.write('go\n'),
    result: async () => {
      if (child.exitCode === null) await once(child, 'exit');
      return JSON.parse(lines[lines.length - 1] as string) as { ok: number; failed: number };
    },
  };
}

/** Answers per second of eight clients at once, all at the root or each in a space. */
async function throughput(mode: 'root' | 'space'): Promise<number> {
  const server = await startBenchServer(['ref']);
  const { port, adminToken: token = '' } = server;
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, () => startClient(`http://127.0.0.1:${port}`, token, mode)),
  );
  for (const client of clients) client.start();
  const results = await Promise.all(clients.map((client) => client.result()));
  server.stop();
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  if (failed > 0) throw new Error(`${mode}: ${failed} answers were not 2xx`);
  return results.reduce((sum, r) => sum + r.ok, 0) / SECONDS;
}

export async function benchSpaces(): Promise<Figure[]> {
  const demo = await createTime();
  const big = await createTime(bigScenario(), 100_000);
  const http = await httpCreateTime();
  const idle = await idleCost();
  const request = await requestCost();
  const restore = await restoreTime();
  const atRoot = await throughput('root');
  const inSpaces = await throughput('space');
  const requestRatio = request.space / request.root;
  const throughputRatio = inSpaces / atRoot;
  return [
    {
      name: 'create a space, in process, demo (median)',
      value: ms(demo),
      target: '≤ 1 ms',
      pass: demo <= 1,
    },
    {
      name: 'create a space, in process, 100k records (median)',
      value: ms(big),
      target: '≤ 2 ms',
      pass: big <= 2,
    },
    {
      name: 'create a space over HTTP (median)',
      value: ms(http),
      target: '≤ 5 ms',
      pass: http <= 5,
    },
    {
      name: '100 idle spaces, RSS growth',
      value: `${(idle.rss / 2 ** 20).toFixed(1)} MiB`,
      target: '≤ 20 MiB',
      pass: idle.rss <= 20 * 2 ** 20,
    },
    {
      name: '100 idle spaces, heap growth (per space)',
      value: `${(idle.heap / 100 / 1024).toFixed(1)} KB`,
      target: '≤ 200 KB',
      pass: idle.heap / 100 <= 200 * 1024,
    },
    {
      name: 'GET /services?limit=50 in a space / at the root (p50)',
      value: `${requestRatio.toFixed(2)}× (${ms(request.space)} / ${ms(request.root)})`,
      target: '≤ 1.10×',
      pass: requestRatio <= 1.1,
    },
    {
      name: 'restore a snapshot, demo (median)',
      value: ms(restore),
      target: '≤ 1 ms',
      pass: restore <= 1,
    },
    {
      name: `${CLIENTS} clients each in a space / all at the root (req/s)`,
      value: `${throughputRatio.toFixed(2)}× (${inSpaces.toFixed(0)} / ${atRoot.toFixed(0)})`,
      target: '≥ 0.80×',
      pass: throughputRatio >= 0.8,
    },
  ];
}
