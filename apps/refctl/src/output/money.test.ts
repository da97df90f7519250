import { describe, expect, it } from 'vitest';
import { formatAmount } from './money';

describe('formatAmount', () => {
  it('prints two decimals through integer cents', () => {
    expect(formatAmount(12.5)).toBe('12.50');
    expect(formatAmount(0.1 + 0.2)).toBe('0.30');
    expect(formatAmount(100)).toBe('100.00');
    expect(formatAmount(-3.07)).toBe('-3.07');
    expect(formatAmount(-0.05)).toBe('-0.05');
  });

  it('keeps amounts finer than a cent as they are', () => {
    expect(formatAmount(1.085)).toBe('1.085');
  });
});
