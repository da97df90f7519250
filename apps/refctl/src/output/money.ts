/**
 * Formats an API amount with exactly two decimals via integer cents, so 0.1 + 0.2 style
 * float noise never shows. Amounts finer than a cent (rates) are printed unchanged.
 */
export function formatAmount(amount: number): string {
  const cents = Math.round(amount * 100);
  if (!Number.isSafeInteger(cents) || Math.abs(amount * 100 - cents) > 1e-6) return String(amount);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Field names whose numbers are money and get two decimals in tables and CSV. */
export const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'fee',
  'penalty',
  'vat_amount',
  'base',
  'final',
  'monthly_price_eur',
  'price',
]);

/** Objects whose every number is money, whatever its key: a plan's price per period. */
export const MONEY_MAPS: ReadonlySet<string> = new Set(['period_prices']);
