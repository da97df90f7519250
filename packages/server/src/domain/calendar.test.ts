import { describe, expect, it } from 'vitest';
import { addMonths, dayOfMonth } from './calendar';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('addMonths', () => {
  it('clamps 31 January + 1 month to the last day of February, leap years included', () => {
    expect(iso(addMonths(at('2026-01-31T10:30:00.000Z'), 1))).toBe('2026-02-28T10:30:00.000Z');
    expect(iso(addMonths(at('2028-01-31T00:00:00.000Z'), 1))).toBe('2028-02-29T00:00:00.000Z');
  });

  it('keeps the day the term began on: 31 Jan → 28 Feb → 31 Mar → 30 Apr', () => {
    const start = at('2026-01-31T00:00:00.000Z');
    const day = dayOfMonth(start);
    const feb = addMonths(start, 1, day);
    const mar = addMonths(feb, 1, day);
    const apr = addMonths(mar, 1, day);
    expect([feb, mar, apr].map(iso)).toEqual([
      '2026-02-28T00:00:00.000Z',
      '2026-03-31T00:00:00.000Z',
      '2026-04-30T00:00:00.000Z',
    ]);
  });

  it('counts the years 0 to 99 as themselves, not as 1900 to 1999', () => {
    expect(iso(addMonths(at('0050-01-31T10:30:00.000Z'), 1))).toBe('0050-02-28T10:30:00.000Z');
    expect(iso(addMonths(at('0099-12-15T23:59:59.999Z'), 1))).toBe('0100-01-15T23:59:59.999Z');
    expect(iso(addMonths(at('0000-02-29T00:00:00.000Z'), 12))).toBe('0001-02-28T00:00:00.000Z');
  });

  it('carries months into the next year', () => {
    expect(iso(addMonths(at('2026-11-15T00:00:00.000Z'), 14))).toBe('2028-01-15T00:00:00.000Z');
    expect(iso(addMonths(at('2026-02-28T00:00:00.000Z'), 12))).toBe('2027-02-28T00:00:00.000Z');
  });

  it('answers a repeated sum again, and a sum of other terms anew', () => {
    const start = at('2026-01-31T00:00:00.000Z');
    const sums = [
      [start, 1, 31],
      [start, 1, 31],
      [start, 2, 31],
      [start, 1, undefined],
      [start, 1, 30],
      [start, 1, 31],
    ] as const;
    expect(sums.map(([ms, months, day]) => iso(addMonths(ms, months, day)))).toEqual([
      '2026-02-28T00:00:00.000Z',
      '2026-02-28T00:00:00.000Z',
      '2026-03-31T00:00:00.000Z',
      '2026-02-28T00:00:00.000Z',
      '2026-02-28T00:00:00.000Z',
      '2026-02-28T00:00:00.000Z',
    ]);
    expect(iso(addMonths(at('2026-03-30T00:00:00.000Z'), 1, 31))).toBe('2026-04-30T00:00:00.000Z');
    expect(iso(addMonths(at('2026-03-30T00:00:00.000Z'), 1))).toBe('2026-04-30T00:00:00.000Z');
    expect(iso(addMonths(at('2026-03-31T00:00:00.000Z'), 2, 31))).toBe('2026-05-31T00:00:00.000Z');
  });
});
