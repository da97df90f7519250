import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// @msw/data is an optional peer: only `@refapi/server/msw-data` may load it. The built
// entries are checked the same way by scripts/smoke-dist.mjs.
const src = new URL('../', import.meta.url);
const loadsIt = /(?:from|import\(|require\()\s*['"](?:@msw\/data|[./]+(?:[\w-]+\/)*msw-data)['"/]/;

it('is imported by nothing else in the server', () => {
  const others = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !file.startsWith('msw-data/'),
  );
  expect(others).toContain('index.ts');
  expect(others.filter((file) => loadsIt.test(readFileSync(new URL(file, src), 'utf8')))).toEqual(
    [],
  );
  // The pattern does find an import.
  expect(loadsIt.test("import { Collection } from '@msw/data';")).toBe(true);
  expect(loadsIt.test("export * from '../msw-data/index';")).toBe(true);
});
