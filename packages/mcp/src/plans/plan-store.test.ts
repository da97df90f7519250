import type { RequestPlan } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { PlanStore } from './plan-store';

const planUntil = (expiresAt: string) => ({ expires_at: expiresAt }) as RequestPlan;

describe('PlanStore', () => {
  it('holds plans by a fresh id and drops the oldest past its count', () => {
    const store = new PlanStore({ max: 2, now: () => 0 });
    const ids = ['a', 'b', 'c'].map(() => store.hold(planUntil('2100-01-01T00:00:00Z')));
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toMatch(/^plan_[0-9a-f]{32}$/);
    expect(store.size).toBe(2);
    expect(store.get(ids[0]!)).toBeUndefined();
    expect(store.get(ids[2]!)).toBeDefined();
  });

  it('drops a plan once its expires_at has passed', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const store = new PlanStore({ now: () => now });
    const id = store.hold(planUntil('2026-01-01T01:00:00Z'));
    expect(store.get(id)).toBeDefined();
    now += 3_600_000;
    expect(store.get(id)).toBeUndefined();
    expect(store.size).toBe(0);
  });
});
