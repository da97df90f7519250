import { amountToCents, type Money } from '@refapi/schema';

/** A currency of the API (EUR, USD, GBP). */
export type Currency = Money['currency'];

/** Whole cents of a JSON money amount (the API sends decimal numbers). */
export const toCents = amountToCents;

/** `12.5` → `12.50`: cents back to a decimal string for messages. */
export const formatCents = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** Cents back to a JSON number with two decimals at most. */
export const fromCents = (cents: number): number => cents / 100;

/** A `Money` object of the API from cents: `{ amount: 5.95, currency: 'EUR' }`. */
export const money = (cents: number, currency: Currency): Money => ({
  amount: fromCents(cents),
  currency,
});
