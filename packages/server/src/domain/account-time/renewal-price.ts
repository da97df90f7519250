import { priceOrder } from '@refapi/schema';
import { catalogPlan, isSaleable } from '../catalog';
import type { Rates } from '../money';
import type { AccountRecord, PlanRecord, ServiceRecord } from '../records';

/** A renewal priced like an order of the same plan, period and addons, in account cents. */
export interface RenewalPrice {
  readonly plan: PlanRecord;
  readonly periodName: string;
  readonly months: number;
  readonly vatCents: number;
  readonly totalCents: number;
}

/** Why a service cannot renew: it then expires as without auto-renew. */
type RenewalRefusal =
  | 'plan_not_in_catalog'
  | 'period_not_sold'
  | 'addon_not_offered'
  | 'price_not_supported';

/** The months of a service's last period; a service without one renews monthly. */
export function periodMonths(service: ServiceRecord): number | undefined {
  const unit = service.last_period_unit;
  const amount = service.last_period_amount;
  const count = typeof amount === 'number' && Number.isInteger(amount) && amount > 0 ? amount : 1;
  if (unit === undefined || unit === 'month') return count;
  if (unit === 'year') return count * 12;
  return undefined;
}

/**
 * What renewing `service` costs now: its plan (the catalog plan of its `service_plan_name`
 * and `type`, as the account may buy it), its last period and the addons it was ordered
 * with, priced by `priceOrder` from the plan as `GET /v1/plans` shows it, exactly as
 * `POST /v1/orders` charges (reference spec, sections 8 and 9).
 */
function renewalPrice(
  service: ServiceRecord,
  account: AccountRecord,
  plans: Iterable<PlanRecord>,
  rates: Rates,
): { ok: true; price: RenewalPrice } | { ok: false; refusal: RenewalRefusal } {
  let plan: PlanRecord | undefined;
  for (const candidate of plans) {
    if (
      candidate.name === service.service_plan_name &&
      candidate.service_type === service.type &&
      isSaleable(candidate, account.country_code)
    ) {
      plan = candidate;
      break;
    }
  }
  if (plan === undefined) return { ok: false, refusal: 'plan_not_in_catalog' };
  const months = periodMonths(service);
  const view = catalogPlan(plan, account, rates);
  const periods = view.periods ?? [];
  const period = periods.find((p) => p.months === months);
  // A plan without periods is sold by the month only.
  if (months === undefined || (period === undefined && (periods.length > 0 || months !== 1))) {
    return { ok: false, refusal: 'period_not_sold' };
  }
  const priced = priceOrder(view, {
    period_ref: period?.period_ref,
    addons: service.ordered_addons,
  });
  if (!priced.ok) {
    return {
      ok: false,
      refusal: priced.error === 'addon_not_offered' ? 'addon_not_offered' : 'period_not_sold',
    };
  }
  const { price } = priced;
  // As an order of it would be refused (422 price_not_supported): a total past what integer
  // cents hold exactly (an addon of 2^52 units) would have been charged and invoiced as an
  // amount no state loads back.
  if (!Number.isSafeInteger(price.total_cents))
    return { ok: false, refusal: 'price_not_supported' };
  return {
    ok: true,
    price: {
      plan,
      periodName: price.period.name,
      months: price.period.months,
      vatCents: price.vat_cents,
      totalCents: price.total_cents,
    },
  };
}

/** What {@link renewalPrice} answers. */
export type RenewalPricing = ReturnType<typeof renewalPrice>;

/** What a remembered price was computed for (the fields {@link renewalPrice} reads). */
interface PricedFor {
  readonly accountRef: string;
  readonly type: ServiceRecord['type'];
  readonly unit: ServiceRecord['last_period_unit'];
  readonly amount: ServiceRecord['last_period_amount'];
  readonly addons: string | undefined;
  readonly priced: RenewalPricing;
}

/**
 * {@link renewalPrice} remembered per account, plan, period and addons for as long as the
 * catalog and rates stay the same (one catch-up): a year of renewals of one plan prices it
 * once, not once per renewal (each priced a whole catalog item). Looked up by the plan's
 * name, then by comparing fields: no key string built per renewal.
 */
export function renewalPricer(
  plans: Iterable<PlanRecord>,
  rates: Rates,
): (service: ServiceRecord, account: AccountRecord) => RenewalPricing {
  const catalog = [...plans];
  const known = new Map<string, PricedFor[]>();
  return (service, account) => {
    const addons =
      service.ordered_addons === undefined ? undefined : JSON.stringify(service.ordered_addons);
    let sameName = known.get(service.service_plan_name);
    if (sameName === undefined) {
      sameName = [];
      known.set(service.service_plan_name, sameName);
    }
    for (const entry of sameName) {
      if (
        entry.accountRef === account.account_ref &&
        entry.type === service.type &&
        entry.unit === service.last_period_unit &&
        entry.amount === service.last_period_amount &&
        entry.addons === addons
      ) {
        return entry.priced;
      }
    }
    const priced = renewalPrice(service, account, catalog, rates);
    sameName.push({
      accountRef: account.account_ref,
      type: service.type,
      unit: service.last_period_unit,
      amount: service.last_period_amount,
      addons,
      priced,
    });
    return priced;
  };
}
