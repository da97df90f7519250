import { z } from 'zod';
import { Currency } from './common';
import { PlanRef } from './refs';

/** A price of a plan in one currency. */
export const PlanPricing = z
  .strictObject({
    currency: Currency,
    base: z.number(),
    final: z.number(),
    period_prices: z.record(z.string(), z.number()).optional(),
  })
  .meta({ id: 'PlanPricing' });

/** A saleable plan of the catalog; additional properties are allowed. */
export const Plan = z
  .looseObject({
    plan_ref: PlanRef,
    name: z.string(),
    code: z.string(),
    service_type: z.string(),
    purchase_url: z.url({ protocol: /^https$/ }),
    account_price: PlanPricing,
    display_price: PlanPricing.optional(),
  })
  .meta({ id: 'Plan' });

/** A saleable plan. */
export type Plan = z.infer<typeof Plan>;
/** A plan price in one currency. */
export type PlanPricing = z.infer<typeof PlanPricing>;
