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

// ink loads its React devtools bridge (react-devtools-core, ws) only when DEV=true, and reports
// a missing one with a hint instead of failing: refctl ships without it, so that import fails
// the way a missing module does.
const noInkDevtools: EsbuildPlugin = {
  name: 'no-ink-devtools',
  setup(build) {
    build.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) =>
      args.importer.includes('/ink/')
        ? { path: args.path, namespace: 'no-ink-devtools' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-ink-devtools' }, () => ({
      contents:
        "throw Object.assign(new Error('refctl ships without react-devtools-core'), { code: 'ERR_MODULE_NOT_FOUND' });",
    }));
  },
};

// One entry, dist/refctl.js, with everything it runs bundled in: the workspace packages
// (SDK, schema), commander, zod, ky, yaml, and ink with react for the live views. Installing
// refctl then installs no other package. Commands import their implementation lazily, so
// esbuild splits them into chunks that `--version` and `--help` never load; ink is loaded
// only by the live views. The one thing left out is `@refapi/server` (msw and its
// dependencies): an optional peer that `refctl server start` loads when asked.
export default defineConfig({
  entry: { refctl: 'src/bin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
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
