import { join } from 'node:path';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

// The build script empties dist/ first: the configs run concurrently, so none cleans.

// vitest cannot be require()d, and CommonJS runners (jest) have global hooks: the CommonJS
// build of `./vitest` takes them from the globals only, without runner-hooks.ts's top-level
// `await import('vitest')` (which CommonJS output cannot hold).
const globalsOnlyRunnerHooks: Plugin = {
  name: 'globals-only-runner-hooks',
  setup(build) {
    if (build.initialOptions.format !== 'cjs') return;
    build.onResolve({ filter: /\/runner-hooks$/ }, (args) => ({
      path: join(args.resolveDir, 'runner-hooks-globals.ts'),
    }));
  },
};

// `msw-data` (@refapi/server/msw-data) builds beside the main entry, so the ESM build shares
// its classes (ScenarioError) through common chunks; @msw/data, a peer, stays external.
const nodeEntries = {
  index: 'src/index.ts',
  testing: 'src/testing/testing.ts',
  vitest: 'src/testing/vitest.ts',
  space: 'src/testing/space.ts',
  'msw-data': 'src/msw-data/index.ts',
};

export default defineConfig([
  {
    // One config for both formats: one declaration build emits the .d.ts and the .d.cts
    // (the plugin acts on the CommonJS build only). It also declares the ESM-only browser and
    // cli entries: one TypeScript program instead of three (a third of the package's build
    // CPU); their unused .d.cts stay out of the package (`files` in package.json).
    entry: nodeEntries,
    format: ['esm', 'cjs'],
    dts: { entry: { ...nodeEntries, browser: 'src/testing/browser.ts', cli: 'src/cli.ts' } },
    sourcemap: true,
    target: 'node22',
    esbuildPlugins: [globalsOnlyRunnerHooks],
  },
  {
    // msw's setupWorker; nothing Node-only is reachable from this entry.
    entry: { browser: 'src/testing/browser.ts' },
    format: ['esm'],
    platform: 'browser',
    sourcemap: true,
    target: 'es2022',
  },
  {
    // runServerCli for other command lines (refctl server start); ESM like the bin.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node22',
  },
  {
    entry: ['src/bin.ts'],
    format: ['esm'],
    sourcemap: true,
    target: 'node22',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
