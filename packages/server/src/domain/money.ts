import {
  amountToCents,
  applyRateCents,
  type Currency as CurrencySchema,
  convertCentsByRates,
} from '@refapi/schema';
import type { z } from 'zod';

/** One of the three API currencies. */
export type Currency = z.infer<typeof CurrencySchema>;

/** Exchange rates: units of each currency per one EUR. */
export type Rates = Readonly<Record<Currency, number>>;

// Rates are held as integer millionths so conversions stay exact integer arithmetic.
const RATE_SCALE = 1_000_000n;

/**
 * Converts a JSON amount to integer cents; throws on one {@link centsAmountProblem} refuses
 * (finer than a cent, or past what integer cents hold exactly).
 */
export function toCents(amount: number): number {
  if (centsAmountProblem(amount) !== undefined) {
    throw new RangeError(`amount ${amount} is not a whole number of cents`);
  }
  return amountToCents(amount);
}

/** Integer cents back to a JSON number, at the edge only. */
export const fromCents = (cents: number): number => cents / 100;

/** The largest amount integer cents hold exactly: `Number.MAX_SAFE_INTEGER` cents. */
const MAX_AMOUNT = Number.MAX_SAFE_INTEGER / 100;

/**
 * Why a JSON number is not an amount the server can hold as integer cents (more than two
 * decimals, or past {@link MAX_AMOUNT} either way), or undefined when it is.
 */
export function centsAmountProblem(amount: number): string | undefined {
  if (!Number.isFinite(amount)) return 'must have at most 2 decimals';
  // Two decimals: the product is a whole number of cents but for float noise (0.1 + 0.2),
  // or, past ~1e9, where that noise passes any tolerance (1308418837059.39 × 100 is …38.98),
  // the whole number of cents whose hundredth is the very amount parsed.
  const whole = amountToCents(amount);
  if (Math.abs(amount * 100 - whole) > 1e-6 && whole / 100 !== amount) {
    return 'must have at most 2 decimals';
  }
  if (!Number.isSafeInteger(whole)) return `must be within ±${MAX_AMOUNT.toFixed(2)}`;
  return undefined;
}

/** Whether a JSON number is a whole number of cents the server can hold ({@link toCents} takes it). */
export const isCentsAmount = (amount: number): boolean => centsAmountProblem(amount) === undefined;

const rateMicros = (rate: number): bigint => BigInt(Math.round(rate * 1_000_000));

// Integer division rounding half away from zero.
function divRound(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** Converts cents between currencies with the scenario's per-EUR rates, rounding to the cent. */
export function convertCents(cents: number, from: Currency, to: Currency, rates: Rates): number {
  if (from === to) return cents;
  return convertCentsByRates(cents, rates[from] as number, rates[to] as number);
}

/** Units of `to` per one unit of `from`, rounded to six decimals. */
export function crossRate(from: Currency, to: Currency, rates: Rates): number {
  if (from === to) return 1;
  return (
    Number(
      divRound(rateMicros(rates[to] as number) * RATE_SCALE, rateMicros(rates[from] as number)),
    ) / 1e6
  );
}

/** `cents × rate`, rounded to the cent (VAT and similar proportional amounts). */
export const applyRate = applyRateCents;
