import { describe, expect, it } from 'vitest';
import { formatServerTime, serverTime } from './server-time';

describe('serverTime', () => {
  const end = '2026-01-01T12:34:00.000Z';

  it("takes the server's Date header when it agrees with the data (seconds included)", () => {
    expect(serverTime('Thu, 01 Jan 2026 12:34:56 GMT', end).toISOString()).toBe(
      '2026-01-01T12:34:56.000Z',
    );
  });

  it("takes the data's own time when the server's API clock differs from its Date header", () => {
    // The reference server with a frozen or moved clock: its host's Date header says today.
    expect(serverTime('Tue, 05 May 2026 08:00:00 GMT', end).toISOString()).toBe(
      '2026-01-01T12:34:00.000Z',
    );
    expect(serverTime('Thu, 01 Jan 2026 12:33:59 GMT', end).toISOString()).toBe(
      '2026-01-01T12:34:00.000Z',
    );
  });

  it('takes the data time without a (valid) Date header', () => {
    expect(serverTime(null, end).toISOString()).toBe('2026-01-01T12:34:00.000Z');
    expect(serverTime('yesterday', end).toISOString()).toBe('2026-01-01T12:34:00.000Z');
  });

  it('prints as HH:MM:SS UTC', () => {
    expect(formatServerTime(new Date('2026-01-01T07:08:09.500Z'))).toBe('07:08:09 UTC');
  });
});
