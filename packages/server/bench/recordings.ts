import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  createWriteStream,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createReferenceServer } from '../src/index';
import { startRecorder } from '../src/recording/record-proxy';
import type { Figure } from './report';

// Recordings (reference-server spec, section 9): `drift` of a 100 MB recording, its time and
// peak memory beside the floor of reading the same file line by line with JSON.parse, and the
// recorder's memory with 300 parallel 1 MiB uploads to an upstream that never answers, beside
// its own memory idle. Both run `ref-server` as users start it: the built bin, its own process.

const BIN = fileURLToPath(new URL('../bin/ref-server.js', import.meta.url));
const MB = 1024 * 1024;
/** Prints the process's peak RSS (bytes) on stderr as it exits. */
const PEAK_RSS = `data:text/javascript,process.on('exit',()=>process.stderr.write('peak_rss='+process.resourceUsage().maxRSS*1024+'\\n'))`;

/** Runs node with `args`; resolves to its wall time (ms) and peak RSS (bytes). */
async function measured(args: string[]): Promise<{ ms: number; rss: number; stdout: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PEAK_RSS, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number];
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`);
  const rss = Number(/peak_rss=(\d+)/.exec(stderr)?.[1] ?? Number.NaN);
  return { ms: performance.now() - started, rss, stdout };
}

/** A recording of the full session against a frozen demo server, repeated to `bytes`. */
async function bigRecording(dir: string, bytes: number): Promise<string> {
  const upstream = createReferenceServer({ adminToken: 'bench' });
  await upstream.ready;
  upstream.admin.clock.freeze(true);
  const listening = await upstream.listen({ port: 0 });
  const session = join(dir, `session-${bytes}.jsonl`);
  const recorder = await startRecorder({ upstream: listening.baseUrl, port: 0, out: session });
  // Reads only, so that every repetition replays the same answers.
  for (const path of [
    '/me',
    '/balance',
    '/plans?limit=100',
    '/invoices?limit=100',
    '/services?limit=100',
    '/transactions?limit=100',
  ]) {
    await fetch(`${recorder.baseUrl}${path}`, {
      headers: { authorization: 'Bearer refak_demo_eur_full' },
    });
  }
  const frozenAt = upstream.admin.clock.now().now;
  await recorder.close();
  await listening.close();
  await upstream.close();
  const lines = readFileSync(session, 'utf8').trim().split('\n');
  // Each repetition ten seconds after the last, on both clocks: a session a real upstream
  // could have answered (600 reads a minute per key), not one replayed into its rate limit.
  const file = join(dir, `recording-${bytes}.jsonl`);
  const out = createWriteStream(file);
  let written = 0;
  let seq = 0;
  for (let repetition = 0; written < bytes; repetition++) {
    const at = new Date(Date.parse(frozenAt) + repetition * 10_000).toISOString();
    for (const line of lines) {
      const exchange = JSON.parse(line.replaceAll(frozenAt, at)) as { seq: number; time: string };
      exchange.seq = ++seq;
      exchange.time = new Date(Date.parse(exchange.time) + repetition * 10_000).toISOString();
      const text = `${JSON.stringify(exchange)}\n`;
      written += text.length;
      if (!out.write(text)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'close');
  return file;
}

/** The floor: the same file read line by line and parsed, nothing kept. */
const FLOOR = `import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
let lines = 0;
for await (const line of createInterface({ input: createReadStream(process.argv[2]) })) {
  if (line !== '' && JSON.parse(line).seq > 0) lines++;
}
console.log(lines);
`;

/** Old-space heap `drift` must finish a 100 MB recording in: less than the file, by far. */
const HEAP_CAP_MB = 64;

async function driftFigures(dir: string): Promise<Figure[]> {
  const file = await bigRecording(dir, 100 * MB);
  const floorScript = join(dir, 'floor.mjs');
  writeFileSync(floorScript, FLOOR);
  const floor = await measured([floorScript, file]);
  const drift = await measured([BIN, 'drift', file]);
  // V8 grows its heap lazily when it may: capped, it must still finish (memory follows the
  // account, not the file) or the child fails and so does this figure.
  const capped = await measured([`--max-old-space-size=${HEAP_CAP_MB}`, BIN, 'drift', file]).catch(
    () => undefined,
  );
  const last = drift.stdout.trimEnd().split('\n').at(-1) ?? '';
  return [
    {
      name: 'recording size',
      value: `${(statSync(file).size / MB).toFixed(0)} MB`,
      target: 'informational',
    },
    {
      name: 'drift result',
      value: last,
      target: 'N/N, 0 unverifiable',
      pass: /^fidelity (\d+)\/\1 \(0 unverifiable\)$/.test(last),
    },
    {
      name: 'drift time',
      value: `${(drift.ms / 1000).toFixed(1)} s`,
      target: `informational; floor ${(floor.ms / 1000).toFixed(1)} s (read + JSON.parse, no replay)`,
    },
    {
      name: 'drift peak RSS',
      value: `${(drift.rss / MB).toFixed(0)} MB`,
      target: `informational; floor ${(floor.rss / MB).toFixed(0)} MB`,
    },
    {
      name: `drift with a ${HEAP_CAP_MB} MB heap`,
      value: capped === undefined ? 'failed' : `done, peak RSS ${(capped.rss / MB).toFixed(0)} MB`,
      target: 'finishes: memory follows the account, not the file',
      pass: capped?.stdout.trimEnd().endsWith(last) === true,
    },
  ];
}

/** The resident memory of process `pid` now (Linux: /proc). */
const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

async function recorderFigures(dir: string): Promise<Figure[]> {
  // An upstream that reads nothing and answers nothing.
  const hanging = createServer(() => {});
  hanging.listen(0, '127.0.0.1');
  await once(hanging, 'listening');
  const upstream = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/v1`;
  const child = spawn(
    process.execPath,
    [BIN, 'record', '--upstream', upstream, '--port', '0', '--out', join(dir, 'pressure.jsonl')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const first = createInterface({ input: child.stdout });
  const [line] = (await once(first, 'line')) as [string];
  const base = /recording (\S+)/.exec(line)?.[1] ?? '';
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idle = rssOf(child.pid ?? 0);
  const body = Buffer.alloc(MB, 'x');
  const uploads = Array.from({ length: 300 }, () => {
    const req = request(`${base}/orders`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(MB),
        authorization: 'Bearer refak_bench',
      },
    });
    req.on('error', () => {});
    req.end(body);
    return req;
  });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const loaded = rssOf(child.pid ?? 0);
  child.kill('SIGINT');
  child.kill('SIGINT');
  await once(child, 'exit');
  for (const req of uploads) req.destroy();
  hanging.closeAllConnections();
  hanging.close();
  return [
    { name: 'recorder RSS idle', value: `${(idle / MB).toFixed(0)} MB`, target: 'baseline' },
    {
      name: 'recorder RSS, 300 × 1 MiB uploads, hanging upstream',
      value: `${(loaded / MB).toFixed(0)} MB (+${((loaded - idle) / MB).toFixed(0)})`,
      target: '≤ idle + 128 MB (64 in flight, the rest wait unread)',
      pass: loaded - idle <= 128 * MB,
    },
  ];
}

/** The figures of the recordings section. */
export async function benchRecordings(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ref-bench-recordings-'));
  try {
    return [...(await driftFigures(dir)), ...(await recorderFigures(dir))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
