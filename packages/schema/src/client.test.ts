import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isIdempotencyKey, loadSuccessSchema, routes } from './client';
import { type OperationId, operations } from './contract';
import { IdempotencyKey } from './params';

const ids = Object.keys(operations) as OperationId[];

describe('client: the contract without zod', () => {
  it('lists the operations of the contract table, in its order', () => {
    expect(Object.keys(routes)).toEqual(ids);
  });

  it.each(ids)('%s: loadSuccessSchema gives the contract schema itself', async (id) => {
    const schema = await loadSuccessSchema(id);
    const { success } = operations[id];
    expect(schema).toBe('schema' in success ? success.schema : undefined);
    const route = routes[id].success;
    expect('empty' in route && route.empty === true).toBe(schema === undefined);
  });

  it('imports no zod before a schema is asked for', () => {
    // Follows the static imports of client.ts through the package's own modules; a
    // value import of zod anywhere on the way would build schemas at import time.
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      for (const [, kind, specifier] of source.matchAll(
        /^(?:import|export)(\s+type)?\s[^;]*?from '([^']+)';/gms,
      )) {
        if (kind !== undefined) continue;
        expect(specifier, `${file} imports ${specifier}`).not.toBe('zod');
        if (specifier?.startsWith('./')) visit(`${specifier}.ts`);
      }
    };
    visit('./client.ts');
    expect([...seen].sort()).toEqual([
      './client.ts',
      './entries-account.ts',
      './entries-billing.ts',
      './entries-plans.ts',
      './entries-services.ts',
      './entries-shield-rules.ts',
      './entries-shield-telemetry.ts',
      './entries.ts',
      './error-meanings.ts',
      './limits.ts',
      './operation-entry.ts',
      './parameter-descriptions.ts',
      './parameter-text.ts',
      './redaction.ts',
      './routes.ts',
      './success-schemas.ts',
    ]);
  });

  it.each([
    ['', false],
    ['a', true],
    ['order-2026_11.23:x', true],
    ['k'.repeat(128), true],
    ['k'.repeat(129), false],
    ['with space', false],
    ['é', false],
    ['a\n', false],
  ])('isIdempotencyKey(%j) is %s, as the IdempotencyKey schema says', (key, valid) => {
    expect(isIdempotencyKey(key)).toBe(valid);
    expect(IdempotencyKey.safeParse(key).success).toBe(valid);
  });
});
