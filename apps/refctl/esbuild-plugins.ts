import { createRequire, isBuiltin } from 'node:module';
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

// A single ESM file hoists every `import … from 'node:…'` of every module to its top, so
// `refctl me` would load child_process, worker_threads, readline and the rest that only other
// commands use (and the binary's `--version` would too). Each built-in becomes a small module
// of the bundle that require()s it: esbuild evaluates it with the module that imports it,
// which for a command's code is when that command runs. The bundle's banner defines `require`.
export const lazyBuiltins: EsbuildPlugin = {
  name: 'lazy-builtins',
  setup(build) {
    const load = createRequire(import.meta.url);
    build.onResolve({ filter: /^(node:)?[a-z_]+(\/[a-z_]+)?$/ }, (args) =>
      args.namespace === 'lazy-builtin' || !isBuiltin(args.path)
        ? undefined
        : // `node:` always: some built-ins (node:sea, node:test) have no bare name.
          { path: args.path.replace(/^(node:)?/, 'node:'), namespace: 'lazy-builtin' },
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => {
      // Named exports as the running Node has them; a name the code imports that is missing
      // fails the build (esbuild: no matching export) rather than the command.
      const names = Object.keys(load(args.path)).filter(
        (name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name),
      );
      return {
        contents: [
          `const m = require(${JSON.stringify(args.path)});`,
          'export default m;',
          ...names.map((name) => `export const ${name} = m.${name};`),
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

// bin.ts stays a file of its own (`--version` answers before the rest is even read) and
// imports its two halves, built as entries of their own, by their output names.
export const binImportsEntries: EsbuildPlugin = {
  name: 'bin-imports-entries',
  setup(build) {
    build.onResolve({ filter: /^\.\/(main|server-start)$/ }, (args) =>
      /[/\\]src[/\\]bin\.ts$/.test(args.importer)
        ? { path: `${args.path}.js`, external: true }
        : undefined,
    );
  },
};
