import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

// zod's namespace re-exports all ~50 locales (≈260 KB minified) that refctl never uses; the
// messages are English either way. Dropping them cuts the parse time of every API command.
const englishOnlyZodLocales: EsbuildPlugin = {
  name: 'english-only-zod-locales',
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes('/zod/')
        ? { path: args.importer, namespace: 'zod-locales' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: "export { default as en } from './locales/en.js';",
      resolveDir: args.path.replace(/\/(classic|core)\/[^/]+$/, ''),
    }));
  },
};

// One entry, dist/refctl.js, with the workspace packages (SDK, schema) and commander,
// zod, ky and yaml bundled in. Commands import their implementation lazily, so esbuild
// splits them into chunks that `--version` and `--help` never load. ink and react stay
// external and are imported only by the live views (ink's yoga WASM does not bundle well).
export default defineConfig({
  entry: { refctl: 'src/bin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  splitting: true,
  minify: true,
  clean: true,
  noExternal: [
    /^@refapi\/(schema|sdk|server)(\/|$)/,
    'commander',
    'zod',
    'ky',
    'yaml',
    /^msw/,
    /^@msw\//,
    /^@mswjs\//,
  ],
  external: ['ink', 'react', 'react/jsx-runtime'],
  esbuildPlugins: [englishOnlyZodLocales],
  esbuildOptions(options) {
    // Bundle the workspace packages from their TypeScript sources: no prior build needed.
    options.conditions = ['@refapi/source'];
    // commander is CommonJS and require()s node built-ins; give the ESM bundle a require.
    options.banner = {
      js: "import { createRequire as __refctlCreateRequire } from 'node:module'; const require = __refctlCreateRequire(import.meta.url);",
    };
  },
});
