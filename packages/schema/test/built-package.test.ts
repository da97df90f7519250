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

  it('ships the plan document as a subpath export and its JSON Schema', () => {
    const out = node(`
      import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url);
      const jsonSchema = require('@refapi/schema/request-plan.schema.json');
      const esm = await import('@refapi/schema/request-plan');
      const cjs = require('@refapi/schema/request-plan');
      console.log(jsonSchema.$ref, esm.REQUEST_PLAN_VERSION, typeof cjs.planDigest);
    `);
    expect(out.trim()).toBe('#/$defs/RequestPlan 1 function');
  });

  it('ships the value sets as a zod-free subpath export', () => {
    const out = node(`
      import { createRequire } from 'node:module';
      const cjs = createRequire(import.meta.url)('@refapi/schema/values');
      const esm = await import('@refapi/schema/values');
      const { readFileSync } = await import('node:fs');
      // values.js and the chunks it imports must not import zod.
      const entry = readFileSync('dist/values.js', 'utf8');
      const chunks = [...entry.matchAll(/from ['"]\\.\\/([^'"]+)['"]/g)].map((m) => m[1]);
      const text = [entry, ...chunks.map((c) => readFileSync('dist/' + c, 'utf8'))].join();
      console.log(cjs.CURRENCIES.join(), esm.SHIELD_PROFILE_CODES.join(), chunks.length > 0, /from ['"]zod/.test(text));
    `);
    expect(out.trim()).toBe('EUR,USD,GBP off,low,default,strict true false');
  });

  it('ships each group as its own subpath export', () => {
    const out = node(`
      import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url);
      const groups = ['account', 'billing', 'orders', 'services', 'shield', 'plans', 'common', 'text'];
      const sizes = await Promise.all(groups.map(async (g) => {
        const [cjs, esm] = [require('@refapi/schema/' + g), await import('@refapi/schema/' + g)];
        return Object.keys(cjs).length === Object.keys(esm).length && Object.keys(esm).length > 0;
      }));
      const { Account } = await import('@refapi/schema/account');
      const { ServiceRef } = require('@refapi/schema/common');
      const { csvCell } = await import('@refapi/schema/text');
      console.log(sizes.every(Boolean), Account.safeParse({}).success,
        ServiceRef.safeParse('REF-SVC-1').success, csvCell('=1'));
    `);
    expect(out.trim()).toBe("true false true '=1");
  });

  it('builds only its own schemas from a group entry', () => {
    const out = node(`
      import { readFileSync } from 'node:fs';
      // dist/account.js and every chunk it imports, transitively: no Shield schema among them.
      const seen = new Set();
      const visit = (file) => {
        if (seen.has(file)) return;
        seen.add(file);
        const text = readFileSync('dist/' + file, 'utf8');
        for (const m of text.matchAll(/from ['"]\\.\\/([^'"]+)['"]/g)) visit(m[1]);
      };
      visit('account.js');
      const text = [...seen].map((f) => readFileSync('dist/' + f, 'utf8')).join();
      console.log(seen.size > 1, /id: "Account"/.test(text), /id: "ShieldRule"/.test(text));
    `);
    expect(out.trim()).toBe('true true false');
  });
});
