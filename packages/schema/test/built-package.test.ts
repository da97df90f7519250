import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const node = (code: string) =>
  execFileSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: packageDir,
    encoding: 'utf8',
  });

// The published entry points, loaded the way users load them (no source condition).
describe('built package', () => {
  beforeAll(() => {
    if (!existsSync(`${packageDir}/dist/index.cjs`))
      execFileSync('pnpm', ['build'], { cwd: packageDir });
  }, 60_000);

  it('loads with require() and import()', () => {
    const out = node(`
      import { createRequire } from 'node:module';
      const cjs = createRequire(import.meta.url)('@refapi/schema');
      const esm = await import('@refapi/schema');
      console.log(Object.keys(cjs.operations).length, Object.keys(esm.operations).length,
        cjs.Invoice.safeParse({}).success, typeof esm.buildOpenApiDocument);
    `);
    expect(out.trim()).toBe('23 23 false function');
  });

  it('ships openapi.json as a subpath export', () => {
    const out = node(`
      import { createRequire } from 'node:module';
      const doc = createRequire(import.meta.url)('@refapi/schema/openapi.json');
      console.log(doc.openapi);
    `);
    expect(out.trim()).toBe('3.1.0');
  });
});
