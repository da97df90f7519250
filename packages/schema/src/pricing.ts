// The one price rule of an order (reference-server spec, section 8), shared by the server
// that charges and every client that shows a price: the plan for the chosen period and each
// addon as `monthly_net × units × months` are lines in account-currency cents, VAT is the
// account's rate applied to their sum (half-up), the total is lines plus VAT. The catalog's
// amounts are already converted and rounded per line, so nothing here is a float sum.
import type { Plan } from './plan';
import { vatPercent } from './vat-percent';

export { vatPercent };

/** What an order names that changes its price (the `period_ref` and `addons` of the body). */
export interface PricedOrder {
  readonly period_ref?: string | undefined;
  readonly addons?: readonly { readonly addon_ref: string; readonly units: number }[] | undefined;
}

/** One line of a priced order, in account-currency cents. */
export interface PriceLine {
  /** `plan <code> (<period>)` or `addon <name> × <units>`. */
  readonly label: string;
  readonly net_cents: number;
}

/** What an order costs, in integer cents of the account currency. */
export interface OrderPrice {
  readonly currency: string;
  /** The period priced; `period_ref` is absent for a plan sold by the month without periods. */
  readonly period: {
    readonly period_ref?: string | undefined;
    readonly name: string;
    readonly months: number;
  };
  readonly lines: readonly PriceLine[];
  readonly net_cents: number;
  readonly vat_rate: number;
  readonly vat_cents: number;
  /** What the balance is debited: net + VAT. */
  readonly total_cents: number;
}

/** Why an order cannot be priced from the catalog (the server's 422 codes, or a catalog without prices). */
export type PriceRefusal = 'period_not_offered' | 'addon_not_offered' | 'catalog_without_prices';

/** The outcome of {@link priceOrder}. */
export type PriceResult =
  | { readonly ok: true; readonly price: OrderPrice }
  | { readonly ok: false; readonly error: PriceRefusal };

/**
 * A JSON amount of at most two decimals as integer cents; an amount finer than a cent is
 * rounded to the nearest. `amount * 100` alone is off by one cent for some amounts past
 * ~1e13 (35710504140865.38 × 100 is …38.5 in floating point): the whole number of cents
 * whose division by 100 gives back the very amount parsed (`c / 100` is the number nearest
 * the decimal `c` hundredths, as `JSON.parse` reads it) is the one meant. Exact below 2^46
 * (~7.0e13); past it two neighbouring cents can parse to one number.
 */
export function amountToCents(amount: number): number {
  const cents = Math.round(amount * 100);
  if (cents / 100 === amount) return cents;
  if ((cents - 1) / 100 === amount) return cents - 1;
  if ((cents + 1) / 100 === amount) return cents + 1;
  return cents;
}

/** Integer cents as a JSON amount (at the edge only). */
export const centsToAmount = (cents: number): number => cents / 100;

/**
 * Integer cents as `12.34 EUR`, by integer arithmetic: `(cents / 100).toFixed(2)` can name
 * the neighbouring cent past ~1e13.
 */
export function formatCents(cents: number, currency: string): string {
  const whole = Math.abs(cents);
  const sign = cents < 0 ? '-' : '';
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')} ${currency}`;
}

// Rates are held as integer millionths so every rounding is exact integer arithmetic.
const SCALE = 1_000_000n;
const micros = (rate: number): bigint => BigInt(Math.round(rate * 1_000_000));

/** `numerator / denominator` rounded half away from zero, in integers. */
function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** `cents × rate` rounded half-up to the cent (VAT). */
export function applyRateCents(cents: number, rate: number): number {
  return Number(divRoundHalfUp(BigInt(cents) * micros(rate), SCALE));
}

/**
 * Cents of one currency into another, given units of each per one EUR (the scenario's
 * `rates`), rounded half-up to the cent: how one catalog line becomes account currency.
 */
export function convertCentsByRates(cents: number, fromPerEur: number, toPerEur: number): number {
  if (fromPerEur === toPerEur) return cents;
  return Number(divRoundHalfUp(BigInt(cents) * micros(toPerEur), micros(fromPerEur)));
}

type ChosenPeriod = {
  period_ref?: string;
  name: string;
  months?: number | undefined;
  net?: number | undefined;
};

// Without `period_ref` an order is for the monthly period, else the plan's first; a plan
// without periods is sold by the month at its base price.
function choosePeriod(plan: Plan, periodRef: string | undefined): ChosenPeriod | undefined {
  const periods = plan.periods ?? [];
  if (periodRef !== undefined) return periods.find((p) => p.period_ref === periodRef);
  return (
    periods.find((p) => p.months === 1) ??
    periods[0] ?? { name: 'monthly', months: 1, net: plan.account_price.base }
  );
}

/**
 * Prices an order of `plan` from the public catalog (`GET /v1/plans`), exactly as the
 * server charges it.
 *
 * @example
 * const result = priceOrder(plan, { period_ref: 'REF-PERIOD-12', addons: [{ addon_ref: 'REF-ADDON-11', units: 2 }] });
 * if (result.ok) console.log(formatCents(result.price.total_cents, result.price.currency));
 */
export function priceOrder(plan: Plan, order: PricedOrder): PriceResult {
  const period = choosePeriod(plan, order.period_ref);
  if (period === undefined) return { ok: false, error: 'period_not_offered' };
  const { vat_rate: vatRate } = plan;
  if (period.net === undefined || period.months === undefined || vatRate === undefined) {
    return { ok: false, error: 'catalog_without_prices' };
  }
  const lines: PriceLine[] = [
    { label: `plan ${plan.code} (${period.name})`, net_cents: amountToCents(period.net) },
  ];
  for (const line of order.addons ?? []) {
    const addon = plan.addons?.find((a) => a.addon_ref === line.addon_ref);
    if (addon === undefined) return { ok: false, error: 'addon_not_offered' };
    if (addon.monthly_net === undefined) return { ok: false, error: 'catalog_without_prices' };
    lines.push({
      label: `addon ${addon.name} × ${line.units}`,
      net_cents: amountToCents(addon.monthly_net) * line.units * period.months,
    });
  }
  const netCents = lines.reduce((sum, line) => sum + line.net_cents, 0);
  const vatCents = applyRateCents(netCents, vatRate);
  return {
    ok: true,
    price: {
      currency: plan.account_price.currency,
      period: {
        ...(period.period_ref === undefined ? {} : { period_ref: period.period_ref }),
        name: period.name,
        months: period.months,
      },
      lines,
      net_cents: netCents,
      vat_rate: vatRate,
      vat_cents: vatCents,
      total_cents: netCents + vatCents,
    },
  };
}

/** The catalog facts an order is priced from (a plan document's `priced_from`). */
export interface CatalogFacts {
  readonly plan_ref: string;
  readonly plan_code: string;
  readonly service_type: string;
  readonly currency: string;
  readonly vat_rate: number;
  readonly period: {
    readonly period_ref?: string | undefined;
    readonly name: string;
    readonly months: number;
    readonly net: number;
  };
  readonly addons: readonly {
    readonly addon_ref: string;
    readonly name: string;
    readonly monthly_net: number;
  }[];
}

/**
 * What of the catalog entry `plan` the price of `order` depends on (the period chosen, the
 * addons named, the VAT rate), as {@link priceOrder} reads it; undefined when it refuses the order.
 */
export function catalogFacts(plan: Plan, order: PricedOrder): CatalogFacts | undefined {
  const period = choosePeriod(plan, order.period_ref);
  const vatRate = plan.vat_rate;
  if (period?.net === undefined || period.months === undefined || vatRate === undefined) {
    return undefined;
  }
  const addons: CatalogFacts['addons'][number][] = [];
  for (const line of order.addons ?? []) {
    const addon = plan.addons?.find((a) => a.addon_ref === line.addon_ref);
    if (addon?.monthly_net === undefined) return undefined;
    addons.push({ addon_ref: addon.addon_ref, name: addon.name, monthly_net: addon.monthly_net });
  }
  return {
    plan_ref: plan.plan_ref,
    plan_code: plan.code,
    service_type: plan.service_type,
    currency: plan.account_price.currency,
    vat_rate: vatRate,
    period: {
      ...(period.period_ref === undefined ? {} : { period_ref: period.period_ref }),
      name: period.name,
      months: period.months,
      net: period.net,
    },
    addons,
  };
}

/** One line for a person: `59.50 EUR net + 11.31 EUR VAT (19 %) = 70.81 EUR`. */
export function describePrice(price: OrderPrice): string {
  const pct = vatPercent(price.vat_rate);
  return `${formatCents(price.net_cents, price.currency)} net + ${formatCents(price.vat_cents, price.currency)} VAT (${pct} %) = ${formatCents(price.total_cents, price.currency)}`;
}
