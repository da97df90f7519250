import { defineConfig } from 'tsup';

export default defineConfig({
  // values: the closed value sets without zod, for tools that must start fast (the CLI).
  // client: the contract without zod up front, for clients (the SDK), which import each
  // response's schema module on first use. In ESM those modules are chunks shared with
  // the index; the CJS build has no code splitting, so there `client` carries its own lazy
  // copies (the same schemas, built only when a response needs them).
  entry: ['src/index.ts', 'src/values.ts', 'src/client.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node22',
});
