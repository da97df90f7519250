import type { CreateOrderRequest } from '@refapi/schema';
import type { CatalogFacts, OrderPrice } from '@refapi/schema/request-plan';
import type { Core } from '../internal/core';
import type { RequestOptions } from '../options';
import { PlansResource } from '../resources/plans';
import { PlanRefusedError } from './plan-errors';
import { planSchemas } from './plan-schemas';

/** What an order costs now and the catalog facts it is priced from. */
export interface PricedOrderNow {
  readonly quote: OrderPrice;
  readonly facts: CatalogFacts;
}

/**
 * Prices `body` from the catalog as it is now (GET /plans) by the server's own rule
 * (`priceOrder`); refuses (`not_for_sale`) an order the catalog does not price, and one of
 * a plan out of stock or naming an OS image or region the plan does not list
 * (`unofferedChoice`) unless `applying`: an apply leaves those to the server, which checks
 * them with the idempotency key (a replay of this very order is no refusal).
 */
export async function priceOrderNow(
  core: Core,
  body: CreateOrderRequest,
  options: RequestOptions,
  { applying = false }: { readonly applying?: boolean } = {},
): Promise<PricedOrderNow> {
  const plan = await new PlansResource(core).find(body.type, body.plan_code, options);
  if (plan === undefined) {
    throw new PlanRefusedError(
      'not_for_sale',
      `plan ${body.plan_code} is not for sale as ${body.type}`,
    );
  }
  if (!applying && plan.in_stock === false) {
    throw new PlanRefusedError('not_for_sale', `plan ${plan.code} is out of stock`);
  }
  // Loaded on first use: the SDK's own import builds no zod schema (`planSchemas`).
  const { catalogFacts, priceOrder, unofferedChoice } = await planSchemas();
  const priced = priceOrder(plan, body);
  const facts = catalogFacts(plan, body);
  if (!priced.ok || facts === undefined) {
    const why = priced.ok ? 'catalog_without_prices' : priced.error;
    throw new PlanRefusedError(
      'not_for_sale',
      `plan ${plan.code} cannot price this order (${why})`,
    );
  }
  // The server's 422 os_image_not_offered, region_not_offered, …, before it is asked.
  const unoffered = applying ? undefined : unofferedChoice(plan, body);
  if (unoffered !== undefined) {
    throw new PlanRefusedError(
      'not_for_sale',
      `plan ${plan.code} cannot take this order (${unoffered.error}: offers no ${unoffered.what})`,
    );
  }
  // A total past exact integer cents (an addon of trillions of units) is one the API refuses
  // (422 price_not_supported) and no plan document can hold: a plan of it would quote a
  // rounded price, and its own apply would refuse it as no plan at all.
  if (!Number.isSafeInteger(priced.price.total_cents)) {
    throw new PlanRefusedError(
      'not_for_sale',
      `plan ${plan.code} cannot price this order (price_not_supported: past exact cents)`,
    );
  }
  return { quote: priced.price, facts };
}
