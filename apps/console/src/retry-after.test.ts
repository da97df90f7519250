import { expect, it } from 'vitest';
import { retryAfterSeconds } from './retry-after';

it('reads delta-seconds and HTTP dates, and nothing else', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  expect(retryAfterSeconds('30', now)).toBe(30);
  expect(retryAfterSeconds(' 0 ', now)).toBe(0);
  expect(retryAfterSeconds('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
  expect(retryAfterSeconds('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
  expect(retryAfterSeconds(null, now)).toBeUndefined();
  expect(retryAfterSeconds('soon', now)).toBeUndefined();
  expect(retryAfterSeconds('-5', now)).toBeUndefined();
});
