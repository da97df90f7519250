import { defineConfig } from 'tsup';
import {
  binImportsEntries,
  englishOnlyZodLocales,
  lazyBuiltins,
  noInkDevtools,
} from './esbuild-plugins';

// Three files: dist/refctl.js (bin.ts: `--version`, then one import of the half it needs),
// dist/main.js (everything a command runs) and dist/server-start.js. main.js bundles the
// workspace packages (SDK, schema), commander, zod, ky, yaml, and ink with react for the live
// views. Installing refctl then installs one other package, its dependency jq-web (jq as
// WebAssembly, 2.9 MB, no dependencies; tsup leaves dependencies external), which only `--jq`
// loads (on a worker thread, by its path: src/output/jq-engine.ts). Also left out is
// `@refapi/server` (msw and its dependencies): an optional peer that `refctl server start`
// loads when asked.
//
// One file, not chunks: `refctl me -o json` loaded ~29 chunks, and resolving, reading and
// linking each one cost more than reading one file whose code cache (bin.ts turns on Node's
// compile cache) skips parsing. Lazy still: without code splitting esbuild keeps each
// dynamic `import()` (every command's implementation, ink, yaml, the prompts) as a module
// that is only evaluated when imported, and the built-ins are required the same way
// (lazyBuiltins), so `me` builds the schemas and loads the node modules it uses, no others.
// The binary (scripts/build-binary.ts) bundles the same modules into one file.
export default defineConfig({
  entry: { refctl: 'src/bin.ts', main: 'src/main.ts', 'server-start': 'src/server-start.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  splitting: false,
  minify: true,
  clean: true,
  // lazyBuiltins sees `node:` specifiers, which tsup would otherwise externalize first.
  removeNodeProtocol: false,
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
  // React and ink ship development builds that only their warnings use.
  env: { NODE_ENV: 'production' },
  esbuildPlugins: [binImportsEntries, englishOnlyZodLocales, noInkDevtools, lazyBuiltins],
  esbuildOptions(options) {
    // Bundle the workspace packages from their TypeScript sources: no prior build needed.
    options.conditions = ['@refapi/source'];
    // Bundled CommonJS (commander) and lazyBuiltins require() node built-ins; give the ESM
    // bundle a require.
    options.banner = {
      js: "import { createRequire as __refctlCreateRequire } from 'node:module'; const require = __refctlCreateRequire(import.meta.url);",
    };
    // The licences go to main.js.LEGAL.txt: one © left in the code makes V8 hold the whole
    // 1 MB source as two-byte text (slower to read, hash and scan on every start).
    options.legalComments = 'external';
  },
});
