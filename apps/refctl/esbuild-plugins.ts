import type { Plugin as EsbuildPlugin } from 'esbuild';

// zod's namespace re-exports all ~50 locales (≈260 KB minified) that refctl never uses; the
// messages are English either way. Dropping them cuts the parse time of every API command.
export const englishOnlyZodLocales: EsbuildPlugin = {
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
export const noInkDevtools: EsbuildPlugin = {
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
