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

  it('holds at most its cap of windows, forgetting the one begun longest ago', () => {
    const limiter = new RateLimiter({ read: 1, write: 1 }, 3);
    for (const subject of ['a', 'b', 'c']) limiter.hit(`addr:${subject}`, 'read', t0);
    // A flood from ever new addresses within one minute: the map stays at its cap.
    for (let i = 0; i < 1_000; i++) limiter.hit(`addr:flood-${i}`, 'read', t0 + 1);
    expect(limiter.size).toBe(3);
    // 'a' was forgotten (it counts afresh); the newest are still counted.
    expect(limiter.hit('addr:a', 'read', t0 + 2).allowed).toBe(true);
    expect(limiter.hit('addr:flood-999', 'read', t0 + 2).allowed).toBe(false);
  });
});
