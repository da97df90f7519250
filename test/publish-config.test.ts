import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Manifest {
  name: string;
  private?: boolean;
  exports?: unknown;
  types?: string;
  typesVersions?: Record<string, Record<string, string[]>>;
  publishConfig?: { exports?: unknown };
}

const published = ['packages', 'apps']
  .flatMap((dir) => readdirSync(join(root, dir)).map((name) => join(root, dir, name)))
  .map((dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest)
  .filter((manifest) => manifest.private !== true && manifest.exports !== undefined);

// The exports map as published: the workspace-only source condition removed, and with it
// any subpath only that condition resolves.
function withoutSource(exports: unknown): unknown {
  if (typeof exports !== 'object' || exports === null) return exports;
  return Object.fromEntries(
    Object.entries(exports)
      .filter(([condition]) => condition !== '@refapi/source')
      .map(([key, value]) => [key, withoutSource(value)])
      .filter(([, value]) => typeof value !== 'object' || Object.keys(value as object).length > 0),
  );
}

describe('published exports', () => {
  it.each(published.map((m) => [m.name, m] as const))(
    '%s publishes its exports without the @refapi/source condition',
    (_name, manifest) => {
      expect(manifest.publishConfig?.exports).toEqual(withoutSource(manifest.exports));
    },
  );
});

// TypeScript's `node10` resolution (the default of `module: commonjs`, still common in CommonJS
// projects on TypeScript 5) reads no exports map: a subpath's types come from typesVersions,
// or the import is unresolved and, in the SDK's own declarations, silently `any`.
describe('types under node10 resolution', () => {
  it.each(published.map((m) => [m.name, m] as const))(
    '%s maps every subpath with types in typesVersions, to the types its import resolves',
    (_name, manifest) => {
      const subpaths = Object.entries(manifest.exports as Record<string, unknown>).filter(
        ([subpath]) => subpath !== '.' && !subpath.endsWith('.json'),
      );
      const expected = Object.fromEntries(
        subpaths.map(([subpath, conditions]) => {
          const { import: esm, types } = conditions as {
            import?: { types?: string };
            types?: string;
          };
          return [subpath.slice(2), [esm?.types ?? types]];
        }),
      );
      expect(manifest.typesVersions?.['*'] ?? {}).toEqual(expected);
    },
  );
});
