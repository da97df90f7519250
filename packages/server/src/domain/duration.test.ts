import { describe, expect, it } from 'vitest';
import { addDuration, isoDuration, parseDuration } from './duration';

const from = Date.parse('2026-01-31T00:00:00.000Z');
const movedBy = (input: Parameters<typeof parseDuration>[0]) =>
  new Date(addDuration(from, parseDuration(input))).toISOString();

describe('parseDuration', () => {
  it('reads seconds, parts and ISO 8601 durations alike', () => {
    expect(parseDuration(90)).toEqual({ months: 0, ms: 90_000 });
    expect(parseDuration({ months: 1 })).toEqual({ months: 1, ms: 0 });
    expect(parseDuration('P1Y2M3DT4H5M6.5S')).toEqual({
      months: 14,
      ms: 3 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000 + 6500,
    });
    expect(parseDuration('P2W')).toEqual({ months: 0, ms: 14 * 86_400_000 });
  });

  it('moves by calendar months: 31 January + P1M is 28 February', () => {
    expect(movedBy('P1M')).toBe('2026-02-28T00:00:00.000Z');
    expect(movedBy({ months: 1, days: 1 })).toBe('2026-03-01T00:00:00.000Z');
    expect(movedBy({ years: 1 })).toBe('2027-01-31T00:00:00.000Z');
  });

  it('refuses what it cannot read instead of reading zero', () => {
    for (const bad of ['P', 'PT', '1M', 'P1.5M', 'P-1D', 'month', '']) {
      expect(() => parseDuration(bad), bad).toThrow(/ISO 8601/);
    }
    expect(() => parseDuration(-1)).toThrow(/non-negative/);
    expect(() => parseDuration({ month: 1 } as never)).toThrow(/unknown duration unit "month"/);
    expect(() => parseDuration({ months: 0.5 })).toThrow(/whole numbers/);
  });
});

describe('isoDuration', () => {
  it('writes parts as the ISO 8601 text parseDuration reads back', () => {
    expect(isoDuration({ months: 1 })).toBe('P1M');
    expect(isoDuration({ days: 2, hours: 3, seconds: 1.5 })).toBe('P2DT3H1.5S');
    expect(isoDuration(90)).toBe('PT90S');
    expect(isoDuration({})).toBe('PT0S');
    expect(parseDuration(isoDuration({ years: 1, minutes: 5 }))).toEqual({
      months: 12,
      ms: 300_000,
    });
    expect(() => isoDuration({ months: -1 })).toThrow(/non-negative/);
  });
});
