import { describe, expect, it } from 'vitest';
import { applyRate, convertCents, crossRate, isCentsAmount, toCents } from './money';

const rates = { EUR: 1, USD: 1.08, GBP: 0.86 };

describe('money', () => {
  it('turns JSON amounts into exact cents and refuses sub-cent amounts', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(() => toCents(1.005)).toThrow(RangeError);
    expect(isCentsAmount(1.005)).toBe(false);
    expect(isCentsAmount(-3.5)).toBe(true);
    // Past Number.MAX_SAFE_INTEGER cents an amount is no longer exact: neither side takes it.
    expect(isCentsAmount(90071992547409.91)).toBe(true);
    expect(isCentsAmount(1e15)).toBe(false);
    expect(() => toCents(1e15)).toThrow(RangeError);
  });

  it('takes an amount of two decimals however far its product with 100 is from a whole number', () => {
    // × 100 these are 3571050414086537.99…, 130841883705938.98…: float noise past a tolerance.
    for (const amount of [35710504140865.38, 1308418837059.39, 90071992547409.91]) {
      expect(isCentsAmount(amount), String(amount)).toBe(true);
      expect(toCents(amount) / 100, String(amount)).toBe(amount);
    }
    // Whole numbers of cents read from their decimal text as JSON has it, below 2^46 (past
    // it, two neighbouring cents can parse to one number). 1,234,567,890.12 had been refused.
    expect(toCents(1234567890.12)).toBe(123456789012);
    for (let i = 0; i < 10_000; i++) {
      const cents = Math.floor(Math.random() * 2 ** 46 * 100);
      const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(toCents(JSON.parse(text) as number), text).toBe(cents);
    }
    expect(isCentsAmount(1234567890.125)).toBe(false);
  });

  it('converts between currencies through the per-EUR rates, rounding half away from zero', () => {
    expect(convertCents(500, 'EUR', 'USD', rates)).toBe(540);
    expect(convertCents(540, 'USD', 'EUR', rates)).toBe(500);
    // 1 GBP = 1.08 / 0.86 USD = 1.255813… USD
    expect(convertCents(100, 'GBP', 'USD', rates)).toBe(126);
    expect(convertCents(-100, 'GBP', 'USD', rates)).toBe(-126);
    expect(crossRate('GBP', 'USD', rates)).toBe(1.255814);
  });

  it('applies proportional rates such as VAT to the cent', () => {
    expect(applyRate(1000, 0.19)).toBe(190);
    expect(applyRate(5, 0.5)).toBe(3);
    expect(applyRate(123_456_789_012, 0.2)).toBe(24_691_357_802);
  });
});
