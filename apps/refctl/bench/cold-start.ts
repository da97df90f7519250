// Cold start of the built refctl against `node -e 0`, measured in the same run so the
// ratios hold on any machine: `refctl --version` (target ≤ 1.5×) and `refctl me -o json`
// against a local reference server (target ≤ 2×), next to the floors of one bare fetch and
// one bare ky request. Run with `pnpm bench` (builds first).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

// The floors of one request from Node 20, printed, not targeted. fetch loads undici
// (~35-45 ms) and V8 optimizes undici's WebAssembly HTTP parser on a worker thread that
// the process joins before it exits; ky (the SDK's transport) adds its own import on top.
// No CLI built on the SDK can start faster than the ky script.
const printMe = `process.stdout.write(JSON.stringify(me, null, 2) + '\\n');`;
const auth = `{ headers: { authorization: 'Bearer ' + process.env.REF_API_KEY } }`;
const bareFetch = `const me = await (await fetch(process.env.REF_BASE_URL + '/me', ${auth})).json();
${printMe}`;
const kyUrl = pathToFileURL(
  createRequire(
    fileURLToPath(new URL('../../../packages/sdk/package.json', import.meta.url)),
  ).resolve('ky'),
).href;
const bareKy = `import ky from '${kyUrl}';
const me = await ky.get(process.env.REF_BASE_URL + '/me', ${auth}).json();
${printMe}`;

const cases = {
  'node -e 0': ['-e', '0'],
  'refctl --version': [bin, '--version'],
  'refctl me -o json': [bin, 'me', '-o', 'json'],
  'bare fetch script': ['--input-type=module', '-e', bareFetch],
  'bare ky script': ['--input-type=module', '-e', bareKy],
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
        : 'floor (untargeted)'
      : ratio <= target
        ? `ok (target ≤ ${target}×)`
        : `OVER (target ≤ ${target}×)`;
  if (target !== undefined && ratio > target) failed = true;
  console.log(
    `${name.padEnd(20)} ${ms.toFixed(1).padStart(7)} ms  ${ratio.toFixed(2)}×  ${verdict}`,
  );
}
const overFloor = median(samples['refctl me -o json']!) - median(samples['bare ky script']!);
console.log(
  `refctl me -o json vs the bare ky script: ${overFloor >= 0 ? '+' : ''}${overFloor.toFixed(1)} ms`,
);
if (failed && process.env.BENCH_STRICT === '1') process.exitCode = 1;
