// Cold start of the built refctl against `node -e 0`, measured in the same run so the
// ratios hold on any machine: `refctl --version` (target ≤ 1.5×) and `refctl me -o json`
// against a local reference server (target ≤ 2×). Run with `pnpm bench` (builds first).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createReferenceServer } from '@refapi/server';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../dist/refctl.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 31);

if (!existsSync(bin)) throw new Error(`${bin} is missing: run pnpm --filter refctl build first`);

const server = createReferenceServer();
await server.ready;
const listening = await server.listen({ port: 0, host: '127.0.0.1' });
const env = {
  ...process.env,
  REF_BASE_URL: listening.baseUrl,
  REF_API_KEY: 'refak_demo_eur_full',
  XDG_CONFIG_HOME: fileURLToPath(new URL('../dist/.bench-config', import.meta.url)),
};

// The floor of any Node 20 command that makes one request: fetch loads undici (~40 ms
// here) and V8 finishes optimizing undici's WebAssembly HTTP parser before the process
// exits. No CLI can start faster than this script; it is printed, not targeted.
const bareFetch = `const r = await fetch(process.env.REF_BASE_URL + '/me', { headers: { authorization: 'Bearer ' + process.env.REF_API_KEY } });
process.stdout.write(JSON.stringify(await r.json(), null, 2) + '\\n');`;

const cases = {
  'node -e 0': ['-e', '0'],
  'refctl --version': [bin, '--version'],
  'refctl me -o json': [bin, 'me', '-o', 'json'],
  'bare fetch script': ['--input-type=module', '-e', bareFetch],
} as const;
const targets: Partial<Record<keyof typeof cases, number>> = {
  'refctl --version': 1.5,
  'refctl me -o json': 2,
};

const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, [] as number[]]));
// Interleaved, so load changes on a shared machine hit every case alike.
for (let i = 0; i < runs; i++) {
  for (const [name, args] of Object.entries(cases)) {
    const start = process.hrtime.bigint();
    await run(process.execPath, [...args], { env });
    samples[name]!.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}
await listening.close();

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const baseline = median(samples['node -e 0']!);
console.log(`cold start, median of ${runs} runs (node ${process.version})`);
let failed = false;
for (const name of Object.keys(cases) as (keyof typeof cases)[]) {
  const ms = median(samples[name]!);
  const ratio = ms / baseline;
  const target = targets[name];
  const verdict =
    target === undefined
      ? name === 'node -e 0'
        ? 'baseline'
        : 'floor of one fetch (untargeted)'
      : ratio <= target
        ? `ok (target ≤ ${target}×)`
        : `OVER (target ≤ ${target}×)`;
  if (target !== undefined && ratio > target) failed = true;
  console.log(
    `${name.padEnd(20)} ${ms.toFixed(1).padStart(7)} ms  ${ratio.toFixed(2)}×  ${verdict}`,
  );
}
const overFloor = median(samples['refctl me -o json']!) - median(samples['bare fetch script']!);
console.log(`refctl me -o json spends ${overFloor.toFixed(1)} ms beyond the bare fetch floor`);
if (failed && process.env.BENCH_STRICT === '1') process.exitCode = 1;
