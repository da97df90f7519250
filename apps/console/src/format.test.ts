import { describe, expect, it } from 'vitest';
import { convertCents, formatMoney, maskKey, runningBalance, toCents } from './format';

describe('money', () => {
  it('formats cents exactly, negative too', () => {
    expect(formatMoney(123456, 'EUR')).toBe('1,234.56 EUR');
    expect(formatMoney(-5, 'USD')).toBe('-0.05 USD');
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('converts through the EUR-based rates', () => {
    expect(convertCents(10000, 'EUR', 'USD', { EUR: 1, USD: 1.08 })).toBe(10800);
    expect(convertCents(10800, 'USD', 'EUR', { EUR: 1, USD: 1.08 })).toBe(10000);
    expect(convertCents(100, 'EUR', 'CHF', { EUR: 1 })).toBeUndefined();
  });
});

describe('maskKey', () => {
  it('never shows the middle of a key', () => {
    expect(maskKey('refak_demo_eur_full')).toBe('refak_…full');
    expect(maskKey('refak_x')).toBe('refa…');
  });
});

describe('runningBalance', () => {
  it('counts back from the current balance, oldest first', () => {
    const rows = runningBalance(
      [
        { amount: -5.95, created_at: '2026-01-02T00:00:00Z' },
        { amount: 100, created_at: '2026-01-01T00:00:00Z' },
      ],
      9405,
    );
    expect(rows.map((r) => [r.amount, r.balance_after_cents])).toEqual([
      [100, 10000],
      [-5.95, 9405],
    ]);
  });
});
