import { amountToCents } from '@refapi/schema/plans';

/** Integer cents of a decimal amount (amounts carry at most two decimals). */
export const toCents = amountToCents;

/** A cents amount as `1,234.50 EUR`. */
export function formatMoney(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const units = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${units}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

/**
 * Converts cents between currencies with the state's rates (units per 1 EUR), rounded to
 * the nearest cent; undefined when a rate is missing.
 */
export function convertCents(
  cents: number,
  from: string,
  to: string,
  rates: Record<string, number>,
): number | undefined {
  const fromRate = rates[from];
  const toRate = rates[to];
  if (fromRate === undefined || toRate === undefined) return undefined;
  return Math.round((cents * toRate) / fromRate);
}

/** An API key with all but its prefix and last four characters hidden. */
export function maskKey(token: string): string {
  if (token.length <= 12) return `${token.slice(0, 4)}…`;
  return `${token.slice(0, 6)}…${token.slice(-4)}`;
}

/** `12:34:56.789` of an ISO time (UTC, the server clock's zone). */
export const clockTime = (iso: string): string => iso.slice(11, 23);

/** A date and time `2026-01-01 12:34:56` (UTC). */
export const dateTime = (iso: string | number): string =>
  new Date(iso).toISOString().slice(0, 19).replace('T', ' ');

/** The server clock as the console shows it: {@link dateTime}, `—` until the server has said it. */
export const serverClock = (ms: number | undefined): string =>
  ms === undefined ? '—' : dateTime(ms);

/**
 * Ledger rows oldest first with the balance after each, counted back from the current
 * balance (transaction amounts are signed: credits positive, debits negative).
 */
export function runningBalance<T extends { amount: number; created_at: string }>(
  transactions: readonly T[],
  balanceCents: number,
): (T & { balance_after_cents: number })[] {
  const ordered = [...transactions].sort((a, b) => b.created_at.localeCompare(a.created_at));
  let after = balanceCents;
  const rows = ordered.map((tx) => {
    const row = { ...tx, balance_after_cents: after };
    after -= toCents(tx.amount);
    return row;
  });
  return rows.reverse();
}
