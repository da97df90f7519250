import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../domain/rate-limit';
import type { ServerContext } from '../../state/server-context';
import { RouteTable } from '../route-table';
import { countRequest, rateLimit } from './rate-limit';
import type { Admission } from './state';
import { testKey, testRequest } from './test-state';

describe('rateLimit', () => {
  it('counts every request, by key or else by source address, and answers 429 when spent', () => {
    const ctx = { rateLimiter: new RateLimiter({ read: 1, write: 1 }) } as unknown as ServerContext;
    const miss = new RouteTable().match('GET', '/nope');
    const first = countRequest(ctx, testRequest(), miss, undefined, 0);
    const second = countRequest(ctx, testRequest(), miss, undefined, 0);
    const keyed = countRequest(ctx, testRequest(), miss, testKey(), 0);
    expect([first.allowed, second.allowed, keyed.allowed]).toEqual([true, false, true]);
    expect(() => rateLimit({ decision: second } as Admission)).toThrow(
      expect.objectContaining({ status: 429, code: 'rate_limit_exceeded' }),
    );
    expect(() => rateLimit({ decision: first } as Admission)).not.toThrow();
  });

  it('counts a request without a valid key under its address read limit, a write too', () => {
    const ctx = {
      rateLimiter: new RateLimiter({ read: 600, write: 120 }),
    } as unknown as ServerContext;
    const order = new RouteTable().match('POST', '/orders');
    expect(countRequest(ctx, testRequest(), order, undefined, 0)).toMatchObject({
      limit: 600,
      remaining: 599,
    });
    // With a key, the write window.
    expect(countRequest(ctx, testRequest(), order, testKey(), 0)).toMatchObject({ limit: 120 });
  });
});
