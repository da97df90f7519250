import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

it('bundles for the browser with no Node builtin nor OpenTelemetry anywhere in the graph', async () => {
  const builtins: string[] = [];
  // The optional peer: an application bundled without it must build, so no bundler may try
  // to resolve it; the SDK imports it at run time.
  const otel: string[] = [];
  const recordBuiltins: Plugin = {
    name: 'record-builtins',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) => {
        if (isBuiltin(args.path)) builtins.push(`${args.path} (from ${args.importer})`);
        if (args.path.startsWith('@opentelemetry/')) otel.push(args.path);
        return undefined;
      });
    },
  };
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    // Resolve workspace packages to their sources, as the tests do.
    conditions: ['@refapi/source'],
    plugins: [recordBuiltins],
  });
  expect(builtins).toEqual([]);
  expect(otel).toEqual([]);
  expect(result.errors).toEqual([]);
  const code = result.outputFiles[0]?.text ?? '';
  expect(code).toContain('refapi-sdk/');
  expect(code).not.toMatch(/from\s*["']node:/);
  // The API's global registry key: none of its code was bundled.
  expect(code).not.toContain('opentelemetry.js.api');
  expect(code).toContain('webpackIgnore: true');
});
