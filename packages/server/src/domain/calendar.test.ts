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

describe('addMonths, counted without Date', () => {
  /** The sum as `Date` makes it (as the implementation did before the arithmetic one). */
  function byDate(ms: number, months: number, day?: number): number {
    const date = new Date(ms);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + months;
    const startOf = (y: number, m: number, d: number) => new Date(0).setUTCFullYear(y, m, d);
    // The month's last day in a year of the same place in the 400-year cycle: the last
    // months a Date holds end past its range, where `Date` has no last day to give.
    const cycleYear = (((year % 400) + 400) % 400) + 2000;
    const last = new Date(startOf(cycleYear, month + 1, 0)).getUTCDate();
    const timeOfDay = ((ms % 86_400_000) + 86_400_000) % 86_400_000;
    return startOf(year, month, Math.min(day ?? date.getUTCDate(), last)) + timeOfDay;
  }

  it('agrees with Date across its whole range, month ends, leap days and the years 0 to 99', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const instants = [
      -8.64e15,
      8.64e15,
      8.64e15 - 86_400_000 * 40,
      0,
      -1,
      Date.parse('0000-02-29T12:00:00Z'),
      Date.parse('2028-02-29T23:59:59.999Z'),
      Date.parse('1900-02-28T00:00:00Z'),
      Date.parse('2000-01-31T06:00:00Z'),
      ...Array.from({ length: 3_000 }, () => Math.floor((random() * 2 - 1) * 8.64e15)),
      ...Array.from({ length: 3_000 }, () => Math.floor((random() * 2 - 1) * 1e14)),
    ];
    const mismatches: string[] = [];
    for (const ms of instants) {
      for (const months of [0, 1, 3, 12, 14, 600, Math.floor(random() * 50_000)]) {
        for (const day of [undefined, 28, 29, 30, 31]) {
          const want = byDate(ms, months, day);
          const got = addMonths(ms, months, day);
          if (!Object.is(got, want))
            mismatches.push(`${ms} + ${months} (day ${day}): ${got} != ${want}`);
        }
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('is NaN for an instant no Date holds, and for a sum past them', () => {
    expect(addMonths(Number.NaN, 1)).toBeNaN();
    expect(addMonths(8.64e15 + 1, 1)).toBeNaN();
    expect(addMonths(8.64e15, 1)).toBeNaN();
    // The last day a Date holds is a day like any other.
    expect(new Date(addMonths(Date.parse('+275760-08-13T00:00:00Z'), 1)).toISOString()).toBe(
      '+275760-09-13T00:00:00.000Z',
    );
  });
});
