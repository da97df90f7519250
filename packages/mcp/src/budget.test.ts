import { describe, expect, it } from 'vitest';
import { SpendBudget } from './budget';

describe('SpendBudget', () => {
  it('refuses an order that would pass the limit and names what is left', () => {
    const budget = new SpendBudget(1000);
    const first = budget.reserve(600);
    expect(first.allowed).toBe(true);
    if (first.allowed) first.commit(600);
    expect(budget.reserve(401)).toEqual({ allowed: false, remainingCents: 400 });
    expect(budget.reserve(400).allowed).toBe(true);
  });

  it('counts reservations in flight, and gives a released one back', () => {
    const budget = new SpendBudget(1000);
    const a = budget.reserve(700);
    expect(budget.reserve(400).allowed).toBe(false);
    if (a.allowed) a.release();
    expect(budget.remainingCents).toBe(1000);
    expect(budget.spentCents).toBe(0);
  });

  it('commits once, even when called twice', () => {
    const budget = new SpendBudget(1000);
    const a = budget.reserve(300);
    if (a.allowed) {
      a.commit(300);
      a.commit(300);
      a.release();
    }
    expect(budget.spentCents).toBe(300);
    expect(budget.describe('EUR')).toBe('spent 3.00 of 10.00 EUR, 7.00 left');
  });

  it('rejects a negative or fractional limit', () => {
    expect(() => new SpendBudget(-1)).toThrow(RangeError);
    expect(() => new SpendBudget(1.5)).toThrow(RangeError);
  });
});
