import { describe, expect, it } from 'vitest';
import { createClock } from './clock';
import { DomainError } from './errors';

describe('clock', () => {
  const start = Date.parse('2026-01-01T00:00:00Z');

  it('runs at real speed from its start, unless frozen', () => {
    let real = 1000;
    const clock = createClock(start, () => real);
    real += 1500;
    expect(clock.nowMs()).toBe(start + 1500);
    clock.freeze(true);
    real += 10_000;
    expect(clock.nowMs()).toBe(start + 1500);
    clock.freeze(false);
    real += 500;
    expect(clock.now().toISOString()).toBe('2026-01-01T00:00:02.000Z');
  });

  it('refuses a freeze that is not a boolean, as POST /__admin/clock does, changing nothing', () => {
    // `admin.clock.freeze('yes')` (the test kit's `clock.freeze`, from JavaScript) had been
    // kept: `frozen: "yes"` in GET /__admin/state, which POST /__admin/scenario then refused.
    const clock = createClock(start, () => 0);
    for (const value of ['yes', 1, null]) {
      expect(() => clock.freeze(value as unknown as boolean)).toThrow(
        expect.objectContaining({ status: 400, message: 'invalid_body: frozen' }),
      );
    }
    expect(clock.frozen).toBe(false);
  });

  it('stops at its last instant: moves past it refused, a running clock held there', () => {
    const last = Date.parse('9989-12-31T23:59:59.999Z');
    let real = 0;
    const clock = createClock(last - 1000, () => real);
    expect(() => clock.advance(2)).toThrow(
      expect.objectContaining({ status: 409, message: 'clock_limit_reached' }),
    );
    expect(() => clock.set(last + 1)).toThrow(
      expect.objectContaining({ status: 409, message: 'clock_limit_reached' }),
    );
    real += 5000;
    expect(clock.now().toISOString()).toBe('9989-12-31T23:59:59.999Z');
    clock.set(last);
    expect(clock.nowMs()).toBe(last);
    clock.restart(last + 86_400_000, true);
    expect(clock.nowMs()).toBe(last);
  });

  it('moves forward on advance and set, and never backwards', () => {
    const clock = createClock(start, () => 0);
    clock.advance(90);
    expect(clock.nowMs()).toBe(start + 90_000);
    expect(() => clock.set(start)).toThrow(DomainError);
    expect(() => clock.advance(-1)).toThrow(DomainError);
    clock.set(start + 3_600_000);
    expect(clock.nowMs()).toBe(start + 3_600_000);
    clock.restart(start, true);
    expect(clock.nowMs()).toBe(start);
    expect(clock.frozen).toBe(true);
  });
});
