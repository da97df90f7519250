import { defineConfig, type Options } from 'tsup';

// Platform-neutral: the SDK runs on Node, Bun, Deno and browsers, so nothing may pull in a
// Node builtin. zod and @refapi/schema stay external in both formats.
const shared: Options = {
  entry: ['src/index.ts'],
  platform: 'neutral',
  sourcemap: true,
  target: 'es2022',
};

export default defineConfig([
  { ...shared, format: 'esm', dts: true },
  // ky ships ESM only; `require()` of it would hand us a namespace without `create`, so the
  // CommonJS build carries its own copy of ky.
  { ...shared, format: 'cjs', dts: true, noExternal: ['ky'] },
]);
