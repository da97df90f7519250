import { defineConfig, type Options } from 'tsup';

// The build script empties dist/ first: the two configs run concurrently, so none cleans.
const library: Options = {
  // The library: the workspace packages and the MCP SDK stay external dependencies.
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  target: 'node22',
};

const bin: Options = {
  // The bin bundles the workspace packages (SDK, schema, reference server) from their
  // TypeScript sources, so it runs without a prior build of the other packages. The MCP
  // SDK and zod stay external (dependencies of this package).
  entry: { bin: 'src/bin.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  sourcemap: true,
  noExternal: [/^@refapi\/(schema|sdk|server)(\/|$)/],
  banner: { js: '#!/usr/bin/env node' },
  esbuildOptions(options) {
    options.conditions = ['@refapi/source'];
  },
};

// The tests' global setup rebuilds only the bin (no type declarations) when it is stale.
export default defineConfig(process.env.REFAPI_MCP_BIN_ONLY === '1' ? [bin] : [library, bin]);
