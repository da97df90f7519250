import { describe, expect, it } from 'vitest';
import { parseRateLimit } from './rate-limit';

describe('parseRateLimit', () => {
  it('reads the three RateLimit headers as numbers', () => {
    const headers = new Headers({
      'RateLimit-Limit': '600',
      'RateLimit-Remaining': '17',
      'RateLimit-Reset': '33',
    });
    expect(parseRateLimit(headers)).toEqual({ limit: 600, remaining: 17, resetSeconds: 33 });
  });

  it('is undefined when a header is missing or not an integer', () => {
    expect(parseRateLimit(new Headers({ 'RateLimit-Limit': '600' }))).toBeUndefined();
    const bad = new Headers({
      'RateLimit-Limit': '600',
      'RateLimit-Remaining': 'lots',
      'RateLimit-Reset': '1',
    });
    expect(parseRateLimit(bad)).toBeUndefined();
  });
});
