import { describe, expect, it } from 'vitest';
import { formatUtcInput, parseUtcInput } from './utc-input';

const iso = (text: string) => {
  const parsed = parseUtcInput(text);
  return parsed.ok ? parsed.iso : `error: ${parsed.error}`;
};

describe('parseUtcInput', () => {
  it('reads ISO 8601 in UTC, with or without Z, seconds, or the T', () => {
    expect(iso('2026-01-01T12:30:45Z')).toBe('2026-01-01T12:30:45.000Z');
    expect(iso('2026-01-01T12:30:45')).toBe('2026-01-01T12:30:45.000Z');
    expect(iso('2026-01-01 12:30')).toBe('2026-01-01T12:30:00.000Z');
    expect(iso(' 2026-01-01t12:30:45.5z ')).toBe('2026-01-01T12:30:45.500Z');
  });

  it('converts an explicit offset to UTC', () => {
    expect(iso('2026-01-01T12:00:00+02:00')).toBe('2026-01-01T10:00:00.000Z');
  });

  it('refuses locale formats and impossible dates with a reason', () => {
    expect(iso('01/02/2026 12:00')).toMatch(/^error: Use ISO 8601 in UTC/);
    expect(iso('2026-02-30T00:00:00Z')).toMatch(/^error: 2026-02-30T00:00:00Z is not a date/);
    expect(iso('2026-01-01T24:00:00Z')).toMatch(/^error: .* is not a date/);
    expect(iso('')).toMatch(/^error: Use ISO 8601/);
  });
});

it('formatUtcInput shows an instant in whole UTC seconds', () => {
  expect(formatUtcInput('2026-01-01T12:30:45.678Z')).toBe('2026-01-01T12:30:45Z');
  expect(formatUtcInput(Date.UTC(2026, 0, 2))).toBe('2026-01-02T00:00:00Z');
  expect(parseUtcInput(formatUtcInput('2026-05-06T07:08:09Z'))).toEqual({
    ok: true,
    iso: '2026-05-06T07:08:09.000Z',
  });
});
