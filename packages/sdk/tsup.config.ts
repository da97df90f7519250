import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

// ky ships ESM only; `require()` of it would hand us a namespace without `create`, so the
// CommonJS build carries its own copy of ky, and the ESM build imports it.
const kyExternalInEsm: Plugin = {
  name: 'ky-external-in-esm',
  setup(build) {
    if (build.initialOptions.format !== 'esm') return;
    build.onResolve({ filter: /^ky$/ }, () => ({ path: 'ky', external: true }));
  },
};

// Platform-neutral: the SDK runs on Node, Bun, Deno and browsers, so nothing may pull in a
// Node builtin. zod and @refapi/schema stay external in both formats. One config for both
// formats: one declaration build emits the .d.ts and the .d.cts.
export default defineConfig({
  entry: ['src/index.ts'],
  platform: 'neutral',
  sourcemap: true,
  target: 'es2022',
  format: ['esm', 'cjs'],
  dts: true,
  noExternal: ['ky'],
  // Class names are how the ESM and the CommonJS build recognise each other's errors
  // (`RefSdkError[Symbol.hasInstance]`): kept even where the bundler renames a class.
  keepNames: true,
  esbuildPlugins: [kyExternalInEsm],
});
