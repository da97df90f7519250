import { defineConfig } from 'tsup';
import { englishOnlyZodLocales, noInkDevtools } from './esbuild-plugins';

// One entry, dist/refctl.js, with everything it runs bundled in: the workspace packages
// (SDK, schema), commander, zod, ky, yaml, and ink with react for the live views. Installing
// refctl then installs one other package, its dependency jq-web (jq as WebAssembly, 2.9 MB,
// no dependencies; tsup leaves dependencies external), which only `--jq` loads (on a worker
// thread, by its path: src/output/jq-engine.ts). Commands import their implementation lazily, so
// esbuild splits them into chunks that `--version` and `--help` never load; ink is loaded
// only by the live views. Actions import the schemas they validate with from their group's
// entry point (`@refapi/schema/account`, `/shield`, …), not from the index: with code
// splitting esbuild ignores `sideEffects`, so a chunk importing the index would build
// every schema module at once. Also left out is `@refapi/server` (msw and its
// dependencies): an optional peer that `refctl server start` loads when asked.
export default defineConfig({
  entry: { refctl: 'src/bin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  splitting: true,
  minify: true,
  clean: true,
  noExternal: [
    /^@refapi\/(schema|sdk)(\/|$)/,
    'commander',
    'zod',
    'ky',
    'yaml',
    /^ink(\/|$)/,
    /^react(\/|$)/,
  ],
  external: [/^@refapi\/server(\/|$)/],
  esbuildPlugins: [englishOnlyZodLocales, noInkDevtools],
  esbuildOptions(options) {
    // Bundle the workspace packages from their TypeScript sources: no prior build needed.
    options.conditions = ['@refapi/source'];
    // commander is CommonJS and require()s node built-ins; give the ESM bundle a require.
    options.banner = {
      js: "import { createRequire as __refctlCreateRequire } from 'node:module'; const require = __refctlCreateRequire(import.meta.url);",
    };
  },
});
