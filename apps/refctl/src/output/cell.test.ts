import { describe, expect, it } from 'vitest';
import { formatCell, readPath } from './cell';

describe('readPath', () => {
  it('follows dotted paths and stops at missing parts', () => {
    const plan = { account_price: { final: 5, currency: 'EUR' } };
    expect(readPath(plan, 'account_price.final')).toBe(5);
    expect(readPath(plan, 'account_price.missing.deeper')).toBeUndefined();
    expect(readPath(plan, 'nope')).toBeUndefined();
  });

  it('reads own fields only, never what every object inherits', () => {
    const plan = { code: 'kvm-s', account_price: { final: 5 } };
    for (const path of ['constructor', 'toString', '__proto__', 'account_price.hasOwnProperty']) {
      expect(readPath(plan, path)).toBeUndefined();
    }
    expect(readPath(JSON.parse('{"__proto__": {"a": 1}}'), '__proto__.a')).toBe(1);
  });
});

describe('formatCell', () => {
  it('formats money fields with two decimals and other numbers plainly', () => {
    expect(formatCell(5, 'amount', '-')).toBe('5.00');
    expect(formatCell(5, 'packets', '-')).toBe('5');
    expect(formatCell(5.95, 'account_price.final', '-')).toBe('5.95');
  });

  it('formats every price of a per-period map as money, as a cell or a map', () => {
    expect(formatCell(50, 'account_price.period_prices.yearly', '-')).toBe('50.00');
    expect(formatCell({ monthly: 5, yearly: 50 }, 'period_prices', '-')).toBe(
      'monthly=5.00,yearly=50.00',
    );
  });

  it('renders absent values, booleans, lists and maps', () => {
    expect(formatCell(undefined, 'x', '-')).toBe('-');
    expect(formatCell(null, 'x', '')).toBe('');
    expect(formatCell(false, 'auto_renew', '-')).toBe('false');
    expect(formatCell(['203.0.113.10', '2001:db8::1'], 'ip_addresses', '-')).toBe(
      '203.0.113.10,2001:db8::1',
    );
    expect(formatCell({ kvm: 2, s3: 1 }, 'by_type', '-')).toBe('kvm=2,s3=1');
  });
});
