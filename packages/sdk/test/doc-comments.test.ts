import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { probeSource, undocumentedFields } from './helpers/doc-coverage.mjs';

// Every field of every result type shows its description on hover (the spec's, written as
// doc comments on the schemas of @refapi/schema), read from the sources. `pnpm test:pack` runs
// the same check against the packed .d.ts files, where the declaration build could lose them.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORK = join(ROOT, 'packages/sdk/node_modules/.cache/doc-comments');

it('documents every field of every result type, nested ones included', () => {
  mkdirSync(WORK, { recursive: true });
  const probe = join(WORK, 'probe.ts');
  writeFileSync(probe, probeSource());
  const missing = undocumentedFields(ts, probe, {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    customConditions: ['@refapi/source'],
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
  });
  rmSync(WORK, { recursive: true, force: true });
  expect(missing).toEqual([]);
}, 60_000);
