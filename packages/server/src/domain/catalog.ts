import { applyRate, type Currency, convertCents, type Rates } from './money';
import type { PlanRecord } from './records';

/**
 * Whether a plan is for sale to an account in `countryCode`: active, public, priced in
 * EUR, and placeable in a region that sells to that country (a plan without regions
 * sells everywhere).
 */
export function isSaleable(plan: PlanRecord, countryCode: string): boolean {
  if (!plan.active || plan.private || plan.currency !== 'EUR') return false;
  return plan.regions.length === 0 || plan.regions.some((r) => r.countries.includes(countryCode));
}

/** A plan price in one currency, in cents: `base` is net, `final` includes VAT. */
export interface PriceCents {
  readonly currency: Currency;
  readonly baseCents: number;
  readonly finalCents: number;
  readonly periodPricesCents?: Readonly<Record<string, number>>;
}

/** The plan's price converted from EUR into `currency`, with the account's VAT rate. */
export function planPrice(
  plan: PlanRecord,
  currency: Currency,
  vatRate: number,
  rates: Rates,
): PriceCents {
  const baseCents = convertCents(plan.price_eur_cents, 'EUR', currency, rates);
  const price: PriceCents = {
    currency,
    baseCents,
    finalCents: baseCents + applyRate(baseCents, vatRate),
  };
  if (plan.period_prices_cents === undefined) return price;
  const periodPricesCents = Object.fromEntries(
    Object.entries(plan.period_prices_cents).map(([name, cents]) => [
      name,
      convertCents(cents, 'EUR', currency, rates),
    ]),
  );
  return { ...price, periodPricesCents };
}
