import type { Plan, PlanPricing } from '@refapi/schema';
import { applyRate, type Currency, convertCents, fromCents, type Rates } from './money';
import type { AccountRecord, PlanRecord } from './records';

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

function pricing(price: PriceCents): PlanPricing {
  const out: PlanPricing = {
    currency: price.currency,
    base: fromCents(price.baseCents),
    final: fromCents(price.finalCents),
  };
  if (price.periodPricesCents !== undefined) {
    out.period_prices = Object.fromEntries(
      Object.entries(price.periodPricesCents).map(([name, cents]) => [name, fromCents(cents)]),
    );
  }
  return out;
}

/** The EUR cents of `plan` for a whole period: its period price, else the base × months. */
const periodEurCents = (plan: PlanRecord, period: PlanRecord['periods'][number]): number =>
  plan.period_prices_cents?.[period.name] ?? plan.price_eur_cents * period.months;

// A plan's catalog view is a function of the plan record, the account's currency, VAT rate
// and country, the rates and the display currency alone; records and rates are replaced,
// never changed in place. So the views of a plan record are kept beside it (a few pricing
// contexts each): every order is priced through one, and most order the same plans.
const VIEWS_PER_PLAN = 8;
const views = new WeakMap<
  PlanRecord,
  Map<string, { readonly rates: Rates; readonly plan: Plan }>
>();

/**
 * `plan` as the public catalog (`GET /v1/plans`) shows it to `account`: prices in the
 * account currency (each line converted and rounded on its own, the section 8 rule) with
 * the account's VAT rate, and what an order may name — stock, periods, OS images, addons,
 * and the regions that sell to the account's country. Orders are priced from exactly this
 * (`priceOrder` of `@refapi/schema`), so what a client shows is what is charged. The same
 * inputs give the same object back: read it, never change it.
 */
export function catalogPlan(
  plan: PlanRecord,
  account: Pick<AccountRecord, 'account_currency' | 'vat_rate' | 'country_code'>,
  rates: Rates,
  display?: Currency,
): Plan {
  const context = `${account.account_currency} ${account.vat_rate} ${account.country_code} ${display ?? ''}`;
  let kept = views.get(plan);
  const view = kept?.get(context);
  if (view !== undefined && view.rates === rates) return view.plan;
  const item = buildCatalogPlan(plan, account, rates, display);
  if (kept === undefined) {
    kept = new Map();
    views.set(plan, kept);
  } else if (kept.size >= VIEWS_PER_PLAN) kept.clear();
  kept.set(context, { rates, plan: item });
  return item;
}

function buildCatalogPlan(
  plan: PlanRecord,
  account: Pick<AccountRecord, 'account_currency' | 'vat_rate' | 'country_code'>,
  rates: Rates,
  display?: Currency,
): Plan {
  const currency = account.account_currency;
  const convert = (eurCents: number) => fromCents(convertCents(eurCents, 'EUR', currency, rates));
  const item: Plan = {
    plan_ref: plan.plan_ref,
    name: plan.name,
    code: plan.code,
    service_type: plan.service_type,
    purchase_url: plan.purchase_url,
    account_price: pricing(planPrice(plan, currency, account.vat_rate, rates)),
    vat_rate: account.vat_rate,
    in_stock: plan.stock !== 0,
    periods: plan.periods.map((period) => ({
      period_ref: period.period_ref,
      name: period.name,
      months: period.months,
      net: convert(periodEurCents(plan, period)),
    })),
    os_images: plan.os_images.map(({ os_image_ref, name }) => ({ os_image_ref, name })),
    regions: plan.regions
      .filter((region) => region.countries.includes(account.country_code))
      .map(({ region_ref, name }) => (name === undefined ? { region_ref } : { region_ref, name })),
    addons: plan.addons.map(({ addon_ref, name, price_eur_cents }) => ({
      addon_ref,
      name,
      monthly_net: convert(price_eur_cents),
    })),
  };
  if (display !== undefined) {
    item.display_price = pricing(planPrice(plan, display, account.vat_rate, rates));
  }
  return item;
}
