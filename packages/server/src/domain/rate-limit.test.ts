import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

describe('RateLimiter', () => {
  const t0 = Date.parse('2026-01-01T00:00:00Z');

  it('counts reads and writes apart within a fixed minute window', () => {
    const limiter = new RateLimiter({ read: 3, write: 1 });
    expect(limiter.hit('k', 'write', t0).allowed).toBe(true);
    expect(limiter.hit('k', 'write', t0 + 1).allowed).toBe(false);
    const reads = [1, 2, 3, 4].map((i) => limiter.hit('k', 'read', t0 + i));
    expect(reads.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(reads.map((d) => d.remaining)).toEqual([2, 1, 0, 0]);
    expect(limiter.hit('other', 'read', t0).allowed).toBe(true);
  });

  it('reports whole seconds to the window end and resets at the next window', () => {
    const limiter = new RateLimiter({ read: 1, write: 1 });
    expect(limiter.hit('k', 'read', t0 + 20_500).resetSeconds).toBe(40);
    const blocked = limiter.hit('k', 'read', t0 + 59_999);
    expect(blocked).toMatchObject({ allowed: false, resetSeconds: 1 });
    expect(limiter.hit('k', 'read', t0 + 60_000)).toMatchObject({
      allowed: true,
      remaining: 0,
      resetSeconds: 60,
    });
  });
});
