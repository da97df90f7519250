import { defineConfig } from 'tsup';

export default defineConfig({
  // values: the closed value sets without zod, for tools that must start fast (the CLI).
  entry: ['src/index.ts', 'src/values.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
});
