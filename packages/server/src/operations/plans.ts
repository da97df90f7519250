import type { Plan, PlanPage, PlanPricing } from '@refapi/schema';
import { isSaleable, type PriceCents, planPrice } from '../domain/catalog';
import { fromCents } from '../domain/money';
import { pageDescending } from '../domain/pagination';
import type { PlanRecord } from '../domain/records';
import type { OperationImpls } from './types';

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

/**
 * What an order of `plan` may name, by reference and name (the spec's "catalog refs"):
 * stock, periods, OS images, addons, and the regions that sell to `countryCode` (an
 * order naming another region is refused with region_not_offered).
 */
function catalogRefs(
  plan: PlanRecord,
  countryCode: string,
): Pick<Plan, 'in_stock' | 'periods' | 'os_images' | 'regions' | 'addons'> {
  return {
    in_stock: plan.stock !== 0,
    periods: plan.periods.map(({ period_ref, name }) => ({ period_ref, name })),
    os_images: plan.os_images.map(({ os_image_ref, name }) => ({ os_image_ref, name })),
    regions: plan.regions
      .filter((region) => region.countries.includes(countryCode))
      .map(({ region_ref, name }) => (name === undefined ? { region_ref } : { region_ref, name })),
    addons: plan.addons.map(({ addon_ref, name }) => ({ addon_ref, name })),
  };
}

/** GET /plans: saleable plans (see `isSaleable`), priced in the account currency. */
export const planOperations = {
  listPlans({ account, query, now }, ctx) {
    const { plans, rates } = ctx.store;
    const type = query.type;
    const page = pageDescending(plans.refs, (ref) => plans.get(ref), {
      limit: query.limit,
      cursor: query.cursor,
      filter: (plan) =>
        isSaleable(plan, account.country_code) &&
        (type === undefined || plan.service_type === type),
    });
    const display = query.display_currency;
    const body: PlanPage = {
      plans: page.items.map((plan) => {
        const item: Plan = {
          plan_ref: plan.plan_ref,
          name: plan.name,
          code: plan.code,
          service_type: plan.service_type,
          purchase_url: plan.purchase_url,
          account_price: pricing(
            planPrice(plan, account.account_currency, account.vat_rate, rates),
          ),
          ...catalogRefs(plan, account.country_code),
        };
        if (display !== undefined) {
          item.display_price = pricing(planPrice(plan, display, account.vat_rate, rates));
        }
        return item;
      }),
      pagination: page.pagination,
      server_time: now.toISOString(),
    };
    return { status: 200, body };
  },
} satisfies Partial<OperationImpls>;
