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
// commands use (and the binary's `--version` would too). Each built-in becomes a CommonJS
// module of the bundle that require()s it: esbuild evaluates it with the module that imports
// it (for a command's code, when that command runs) and reads each export where it is used,
// so no lazy getter of a built-in (`fs.promises`, `util.parseArgs`) runs unless used, as
// Node's own ESM wrapper of a built-in would. The bundle's banner defines `require`.
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
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: LOADED_ON_FIRST_USE.has(args.path)
        ? // Each export a getter: the module loads when the first one is read.
          `for (const name of ${JSON.stringify(Object.keys(load(args.path)))}) Object.defineProperty(exports, name, { enumerable: true, get: () => require(${JSON.stringify(args.path)})[name] });`
        : `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

// commander imports child_process (~4 ms to load, with dgram and net) for the executable
// subcommands refctl has none of; its functions need no `this`, so getters can stand in.
// node:util (for help's text widths) loads its diff and colors, and the colors make
// process.stderr to ask it about colors: ~6 ms of `refctl me` that writes no help.
// node:fs/promises: imported by the modules that write files, loaded by a command that does.
const LOADED_ON_FIRST_USE = new Set(['node:child_process', 'node:util', 'node:fs/promises']);

// bin.ts stays a file of its own (`--version` answers before the rest is even read): it
// imports server-start.js, and main-code-cache.ts (bundled with it) the terminal UI, ui.js,
// by their output names, as entries of their own.
export const binImportsEntries: EsbuildPlugin = {
  name: 'bin-imports-entries',
  setup(build) {
    build.onResolve({ filter: /^\.\/(server-start|ui)$/ }, (args) =>
      /[/\\]src[/\\](bin|main-code-cache)\.ts$/.test(args.importer)
        ? { path: `${args.path}.js`, external: true }
        : undefined,
    );
  },
};

// In dist/main.cjs the terminal UI is dist/ui.js, an ES module (ink and yoga use top-level
// await): ui/load-ui.ts becomes a call of the importer main-code-cache.ts hands main.cjs.
export const uiFromEntry: EsbuildPlugin = {
  name: 'ui-from-entry',
  setup(build) {
    build.onResolve({ filter: /[/\\]load-ui$/ }, (args) =>
      /[/\\]src[/\\]/.test(args.importer)
        ? { path: 'load-ui', namespace: 'ui-from-entry' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'ui-from-entry' }, () => ({
      contents: 'export const loadUi = () => __refctlImportUi();',
      loader: 'js',
    }));
  },
};
