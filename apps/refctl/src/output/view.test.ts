import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors/cli-error';
import { parseColumnList, resolveColumns, type View } from './view';

const plans: View = {
  columns: ['plan_ref', 'code', 'price'],
  fields: ['plan_ref', 'code', 'name', 'account_price'],
  aliases: [{ id: 'price', path: 'account_price.final' }],
  open: true,
};

describe('resolveColumns', () => {
  it('uses the defaults and maps aliases to their paths', () => {
    expect(resolveColumns(plans, undefined, [])).toEqual([
      { id: 'plan_ref', header: 'PLAN_REF', path: 'plan_ref' },
      { id: 'code', header: 'CODE', path: 'code' },
      { id: 'price', header: 'PRICE', path: 'account_price.final' },
    ]);
  });

  it('accepts fields, dotted paths and extra fields present in open resources', () => {
    const rows = [{ specs: { cores: 2 } }];
    const ids = resolveColumns(plans, ['name', 'account_price.currency', 'specs.cores'], rows);
    expect(ids.map((c) => c.header)).toEqual(['NAME', 'ACCOUNT_PRICE.CURRENCY', 'SPECS.CORES']);
  });

  it('rejects an unknown column as a usage error listing the choices', () => {
    expect(() => resolveColumns(plans, ['nmae'], [{ name: 'x' }])).toThrow(UsageError);
    expect(() => resolveColumns(plans, ['nmae'], [])).toThrow(/available: price, plan_ref/);
  });

  it('finds no field of an open resource among what every object inherits', () => {
    for (const id of ['constructor', 'toString', '__proto__', 'valueOf.name']) {
      expect(() => resolveColumns(plans, [id], [{ code: 'kvm-s' }])).toThrow(
        `unknown column "${id}"; available: price, plan_ref, code, name, account_price`,
      );
    }
  });
});

describe('parseColumnList', () => {
  it('splits on commas and ignores blanks', () => {
    expect(parseColumnList(' a, b,,c ')).toEqual(['a', 'b', 'c']);
  });
});
