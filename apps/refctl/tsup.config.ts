import { defineConfig, type Options } from 'tsup';
import {
  binImportsEntries,
  englishOnlyZodLocales,
  lazyBuiltins,
  noInkDevtools,
  uiFromEntry,
} from './esbuild-plugins';

// Four files: dist/refctl.cjs (bin.ts: `--version`, then one import of the part it needs),
// dist/main.cjs (everything a command runs), dist/ui.js (the terminal UI: prompts and live
// views) and dist/server-start.js. main.cjs bundles the workspace packages (SDK, schema),
// commander, zod, ky, yaml and proper-lockfile; ui.js ink with react. Installing refctl
// then installs one other package, its dependency jq-web (jq as WebAssembly, 2.9 MB, no
// dependencies; tsup leaves dependencies external), which only `--jq` loads (on a worker
// thread, by its path: src/output/jq-engine.ts). Also left out is `@refapi/server` (msw and
// its dependencies): an optional peer that `refctl server start` loads when asked.
//
// main.cjs is CommonJS so that bin.ts can run it with V8's code cache of an earlier run
// (src/main-code-cache.ts), and refctl.cjs because a CommonJS entry starts sooner; ui.js is
// an ES module because ink and yoga-layout use top-level await. Each is one file, not
// chunks: `refctl me -o json` loaded ~29 chunks, and resolving, reading and linking each one
// cost more than reading one file whose code cache skips parsing. Lazy still: without code
// splitting esbuild keeps each dynamic `import()` (every command's implementation, yaml) as
// a module that is only evaluated when imported, and the built-ins are required the same
// way (lazyBuiltins), so `me` builds the schemas and loads the node modules it uses, no
// others. The binary (scripts/build-binary.ts) bundles the same modules into one ES module.
const shared = {
  platform: 'node',
  target: 'node22',
  splitting: false,
  minify: true,
  // lazyBuiltins sees `node:` specifiers, which tsup would otherwise externalize first.
  removeNodeProtocol: false,
  noExternal: [
    /^@refapi\/(schema|sdk)(\/|$)/,
    'commander',
    'zod',
    'ky',
    'yaml',
    'proper-lockfile',
    /^ink(\/|$)/,
    /^react(\/|$)/,
  ],
  external: [/^@refapi\/server(\/|$)/],
  // React and ink ship development builds that only their warnings use.
  env: { NODE_ENV: 'production' },
} satisfies Options;

/** The esbuild options both builds share; `banner` for the ES modules' `require`. */
const esbuildOptions =
  (banner?: string): NonNullable<Options['esbuildOptions']> =>
  (options) => {
    // Bundle the workspace packages from their TypeScript sources: no prior build needed.
    options.conditions = ['@refapi/source'];
    if (banner !== undefined) options.banner = { js: banner };
    // The licences go to *.LEGAL.txt: one © left in the code makes V8 hold the whole
    // 1 MB source as two-byte text (slower to read, hash and scan on every start).
    options.legalComments = 'external';
  };

export default defineConfig([
  {
    ...shared,
    entry: { ui: 'src/ui/index.ts', 'server-start': 'src/server-start.ts' },
    format: ['esm'],
    // Both builds write dist/: this one cleans it, but for the other's files.
    clean: ['!*.cjs', '!*.cjs.LEGAL.txt'],
    esbuildPlugins: [noInkDevtools, lazyBuiltins],
    // Bundled CommonJS (react) and lazyBuiltins require() node built-ins; give ESM a require.
    esbuildOptions: esbuildOptions(
      "import { createRequire as __refctlCreateRequire } from 'node:module'; const require = __refctlCreateRequire(import.meta.url);",
    ),
  },
  {
    ...shared,
    entry: { refctl: 'src/bin.ts', main: 'src/main.ts' },
    format: ['cjs'],
    // import.meta.url (main-code-cache.ts finds main.cjs, jq-engine.ts jq-web from it) from
    // __filename.
    shims: true,
    esbuildPlugins: [binImportsEntries, englishOnlyZodLocales, uiFromEntry, lazyBuiltins],
    esbuildOptions: esbuildOptions(),
  },
]);
