import { describe, expect, it } from 'vitest';
import { isoTime, parseTime } from './iso-time';
import { mulberry32 } from './mulberry32';

const DAY_MS = 86_400_000;

describe('isoTime', () => {
  it('writes what toISOString writes at the edges: epoch, leap days, centuries, years 0 and 9999', () => {
    const edges = [
      0,
      -0,
      -1,
      1,
      0.5,
      -0.5,
      1.999,
      -1.999,
      Date.UTC(2000, 1, 29, 23, 59, 59, 999),
      Date.UTC(2100, 1, 28, 12),
      Date.UTC(2100, 2, 1),
      Date.UTC(1900, 1, 28),
      Date.UTC(1600, 1, 29),
      Date.UTC(2026, 10, 28, 8, 30, 5, 7),
      -62_167_219_200_000,
      -62_167_219_200_001,
      253_402_300_799_999,
      253_402_300_800_000,
      8.64e15,
      -8.64e15,
    ];
    for (const ms of edges) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('writes what toISOString writes for 200,000 instants, most near today, some anywhere Date reaches', () => {
    const random = mulberry32(20261128);
    for (let i = 0; i < 200_000; i++) {
      // Mostly the years 1900–2100, where server clocks live; some anywhere Date reaches.
      const span = i % 10 === 0 ? 8.6e15 : 73_000 * DAY_MS;
      const ms = Math.floor((random() * 2 - 1) * span) + (i % 10 === 0 ? 0 : 946_684_800_000);
      const expected = new Date(ms).toISOString();
      if (isoTime(ms) !== expected) expect(isoTime(ms), String(ms)).toBe(expected);
    }
  });

  it('throws the RangeError toISOString throws for an invalid time', () => {
    for (const ms of [Number.NaN, Number.POSITIVE_INFINITY, 8.64e15 + 1, -8.64e15 - 1]) {
      expect(() => isoTime(ms)).toThrow(RangeError);
    }
  });

  it('answers each of times formatted in turns, repeated and alternating, as toISOString does', () => {
    const times = [0, DAY_MS, 0, DAY_MS, DAY_MS, 2 * DAY_MS, 0, 2 * DAY_MS, 1.5, 1];
    for (const ms of times) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString());
  });
});

describe('parseTime', () => {
  it('parses as Date.parse does, the same text again and a different one after', () => {
    const texts = [
      '2026-02-01T00:00:00.000Z',
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
      'nope',
      'nope',
      '2026-02-01T00:00:00.000Z',
    ];
    for (const text of texts) expect(parseTime(text), text).toBe(Date.parse(text));
  });
});
