import { describe, expect, it } from 'vitest';
import { SpendBudget } from './budget';

const bought = (ref: string, cents: number) => ({ ref, cents, replayed: false });

describe('SpendBudget', () => {
  it('refuses an order that would pass the limit and names what is left', () => {
    const budget = new SpendBudget(1000);
    const first = budget.reserve(600, 'k1');
    expect(first.allowed).toBe(true);
    if (first.allowed) first.settle(bought('S1', 600));
    expect(budget.reserve(401, 'k2')).toEqual({ allowed: false, remainingCents: 400 });
    expect(budget.reserve(400, 'k2').allowed).toBe(true);
  });

  it('counts reservations in flight, and gives a released one back', () => {
    const budget = new SpendBudget(1000);
    const a = budget.reserve(700, 'k1');
    expect(budget.reservedCents).toBe(700);
    expect(budget.reserve(400, 'k2').allowed).toBe(false);
    if (a.allowed) a.release();
    expect(budget.remainingCents).toBe(1000);
    expect(budget.spentCents).toBe(0);
  });

  it('lets exactly what fits through when orders are reserved at once, and settles each once', () => {
    const budget = new SpendBudget(2000);
    const decisions = Array.from({ length: 8 }, (_, i) => budget.reserve(595, `k${i}`));
    const allowed = decisions.filter((d) => d.allowed);
    expect(allowed).toHaveLength(3);
    allowed.forEach((reservation, i) => {
      reservation.settle(bought(`S${i}`, 595));
      reservation.settle(bought(`S${i}`, 595));
      reservation.release();
    });
    expect(budget.spentCents).toBe(1785);
    expect(budget.reservedCents).toBe(0);
    expect(budget.describe('EUR')).toBe('spent 17.85 of 20.00 EUR, 2.15 left');
  });

  it('settles to what the API charged, not to the reserved price', () => {
    const budget = new SpendBudget(2000);
    const a = budget.reserve(595, 'k1');
    if (a.allowed) a.settle(bought('S1', 714));
    expect(budget.spentCents).toBe(714);
    expect(budget.remainingCents).toBe(1286);
  });

  it('keeps a lost answer spent until a retry with the same key settles it', () => {
    const budget = new SpendBudget(2000);
    const lost = budget.reserve(595, 'k1');
    if (lost.allowed) lost.doubt();
    expect(budget.spentCents).toBe(595);
    const retry = budget.reserve(595, 'k1');
    expect(budget.remainingCents).toBe(810);
    if (retry.allowed) retry.settle({ ref: 'S1', cents: 595, replayed: true });
    expect(budget.spentCents).toBe(595);
    expect(budget.remainingCents).toBe(1405);
  });

  it('rejects a negative or fractional limit or price', () => {
    expect(() => new SpendBudget(-1)).toThrow(RangeError);
    expect(() => new SpendBudget(1.5)).toThrow(RangeError);
    expect(() => new SpendBudget(1000).reserve(5.95, 'k')).toThrow(RangeError);
  });
});
