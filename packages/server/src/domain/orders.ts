import { type CreateOrderRequest, type ErrorCode, priceOrder } from '@refapi/schema';
import type { z } from 'zod';
import { catalogPlan, isSaleable } from './catalog';
import { DomainError } from './errors';
import type { Rates } from './money';
import type { AccountRecord, PlanRecord } from './records';

type OrderRequest = z.output<typeof CreateOrderRequest>;
type Region = PlanRecord['regions'][number];

/** A priced, fully resolved order: what will be bought and what it costs, in cents. */
export interface OrderQuote {
  readonly plan: PlanRecord;
  readonly period: { readonly name: string; readonly months: number };
  readonly region: Region | undefined;
  readonly osName: string | undefined;
  /** Net price in the account currency (plan period + addons). */
  readonly netCents: number;
  readonly vatCents: number;
  /** What the balance is debited: net + VAT, in the account currency. */
  readonly totalCents: number;
}

const unprocessable = (code: ErrorCode) => new DomainError(422, code);

/**
 * Resolves and prices an order against the catalog, authoritatively, through
 * `priceOrder` of `@refapi/schema` applied to the plan as `GET /v1/plans` shows it to the
 * account (so every client's quote is the charge) (any
 * `quote_version` is ignored). Throws 409 when the account may not buy, 422 when the
 * plan does not offer what is asked, is out of stock, the billing profile is
 * incomplete, or the balance is short.
 */
export function quoteOrder(
  request: OrderRequest,
  account: AccountRecord,
  plans: readonly PlanRecord[],
  rates: Rates,
): OrderQuote {
  if (account.status !== 'active') {
    throw new DomainError(409, 'account_not_active', { conflictStatus: account.status });
  }
  const plan = plans.find(
    (p) => p.code === request.plan_code && isSaleable(p, account.country_code),
  );
  if (plan === undefined || plan.service_type !== request.type)
    throw unprocessable('plan_not_available');
  if (!account.billing_profile_complete) throw unprocessable('billing_profile_incomplete');
  if (plan.stock === 0) throw unprocessable('out_of_stock');

  const priced = priceOrder(catalogPlan(plan, account, rates), request);
  if (!priced.ok) {
    // The catalog always carries prices; only a plan the catalog cannot price remains.
    throw unprocessable(
      priced.error === 'catalog_without_prices' ? 'price_not_supported' : priced.error,
    );
  }
  const { period } = priced.price;
  const region = resolveRegion(plan, request.region_ref, account.country_code);
  const osName = resolveOs(plan, request);
  const { net_cents: netCents, vat_cents: vatCents, total_cents: totalCents } = priced.price;
  if (!Number.isSafeInteger(totalCents)) throw unprocessable('price_not_supported');
  if (account.balance_cents < totalCents) throw unprocessable('insufficient_balance');
  return { plan, period, region, osName, netCents, vatCents, totalCents };
}

function resolveRegion(
  plan: PlanRecord,
  regionRef: string | undefined,
  country: string,
): Region | undefined {
  const eligible = plan.regions.filter((r) => r.countries.includes(country));
  if (regionRef === undefined) return eligible[0];
  const region = eligible.find((r) => r.region_ref === regionRef);
  if (region === undefined) throw unprocessable('region_not_offered');
  return region;
}

function resolveOs(plan: PlanRecord, request: OrderRequest): string | undefined {
  let image: PlanRecord['os_images'][number] | undefined;
  if (request.os_image_ref !== undefined) {
    image = plan.os_images.find((os) => os.os_image_ref === request.os_image_ref);
    if (image === undefined) throw unprocessable('os_image_not_offered');
  } else if (request.os_name !== undefined) {
    image = plan.os_images.find((os) => os.name === request.os_name);
    if (image === undefined) throw unprocessable('os_not_offered');
  }
  if (request.windows === true) {
    const windows = image ?? plan.os_images.find((os) => os.name.includes('windows'));
    if (windows === undefined || !windows.name.includes('windows'))
      throw unprocessable('windows_not_offered');
    image = windows;
  }
  return image?.name;
}
