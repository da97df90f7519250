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
    // A value import of zod anywhere on the way would build schemas at import time.
    const seen = ownModules('./client.ts', (file, specifier) =>
      expect(specifier, `${file} imports ${specifier}`).not.toBe('zod'),
    );
    expect(seen).toEqual([
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

  it("builds GET /me's schema without the balance's, the shared money and date schemas or the other references'", () => {
    // What `refctl me` and the SDK's first `account.get()` evaluate for the response check.
    expect(ownModules('./account.ts')).toEqual([
      './account-ref.ts',
      './account.ts',
      './limits.ts',
      './open-enum.ts',
      './ref-patterns.ts',
      './values.ts',
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

/**
 * The package's own modules `entry` imports values from, itself included, following static
 * imports (type-only ones left out: they build nothing); `check` sees every value import.
 */
function ownModules(entry: string, check?: (file: string, specifier: string) => void): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    for (const [, kind, specifier = ''] of source.matchAll(
      /^(?:import|export)(\s+type)?\s[^;]*?from '([^']+)';/gms,
    )) {
      if (kind !== undefined) continue;
      check?.(file, specifier);
      if (specifier.startsWith('./')) visit(`${specifier}.ts`);
    }
  };
  visit(entry);
  return [...seen].sort();
}
