import { z } from 'zod';
import { Currency } from './common';
import { AddonRef, OsImageRef, PeriodRef, PlanRef, RegionRef } from './refs';

/** A price of a plan in one currency. */
export const PlanPricing = z
  .strictObject({
    currency: Currency,
    base: z.number(),
    final: z.number(),
    period_prices: z.record(z.string(), z.number()).optional(),
  })
  .meta({ id: 'PlanPricing' });

/** A billing period an order of the plan may name (`period_ref`), with its length and net price. */
export const PlanPeriodOption = z
  .strictObject({
    period_ref: PeriodRef,
    name: z.string(),
    months: z.int().min(1).optional().meta({ description: "The period's length in months." }),
    net: z.number().min(0).optional().meta({
      description:
        "The plan's net price for the whole period in the account currency (converted, rounded half-up to the cent).",
    }),
  })
  .meta({ id: 'PlanPeriodOption' });

/** An OS image an order of the plan may name (`os_image_ref`, or `os_name` by its name). */
export const PlanOsImageOption = z
  .strictObject({ os_image_ref: OsImageRef, name: z.string() })
  .meta({ id: 'PlanOsImageOption' });

/** A region an order of the plan may name (`region_ref`): one that sells to the account's country. */
export const PlanRegionOption = z
  .strictObject({ region_ref: RegionRef, name: z.string().optional() })
  .meta({ id: 'PlanRegionOption' });

/** An addon an order of the plan may name (`addons[].addon_ref`), with its monthly net price. */
export const PlanAddonOption = z
  .strictObject({
    addon_ref: AddonRef,
    name: z.string(),
    monthly_net: z.number().min(0).optional().meta({
      description:
        'One unit of the addon for one month, net, in the account currency (converted, rounded half-up to the cent).',
    }),
  })
  .meta({ id: 'PlanAddonOption' });

/**
 * A saleable plan of the catalog; additional properties are allowed. The optional
 * `in_stock`, `periods`, `os_images`, `regions` and `addons` are such additions: what an
 * order of the plan may name, with references and names.
 */
export const Plan = z
  .looseObject({
    plan_ref: PlanRef,
    name: z.string(),
    code: z.string(),
    service_type: z.string(),
    purchase_url: z.url({ protocol: /^https$/ }),
    account_price: PlanPricing,
    display_price: PlanPricing.optional(),
    vat_rate: z.number().min(0).max(1).optional().meta({
      description:
        "The account's VAT rate as a decimal (0.19): applied to the sum of an order's lines, rounded half-up.",
    }),
    in_stock: z
      .boolean()
      .optional()
      .meta({ description: 'False when the plan is sold out: an order answers 422 out_of_stock.' }),
    periods: z
      .array(PlanPeriodOption)
      .optional()
      .meta({ description: 'The billing periods an order may name as `period_ref`.' }),
    os_images: z
      .array(PlanOsImageOption)
      .optional()
      .meta({ description: 'The OS images an order may name as `os_image_ref` (or `os_name`).' }),
    regions: z.array(PlanRegionOption).optional().meta({
      description:
        "The regions an order may name as `region_ref` (those selling to the account's country).",
    }),
    addons: z
      .array(PlanAddonOption)
      .optional()
      .meta({ description: 'The addons an order may name in `addons[].addon_ref`.' }),
  })
  .meta({ id: 'Plan' });

/** A saleable plan. */
export type Plan = z.infer<typeof Plan>;
/** A plan price in one currency. */
export type PlanPricing = z.infer<typeof PlanPricing>;
/** A billing period of a plan, as the catalog lists it. */
export type PlanPeriodOption = z.infer<typeof PlanPeriodOption>;
/** An OS image of a plan, as the catalog lists it. */
export type PlanOsImageOption = z.infer<typeof PlanOsImageOption>;
/** A region of a plan, as the catalog lists it. */
export type PlanRegionOption = z.infer<typeof PlanRegionOption>;
/** An addon of a plan, as the catalog lists it. */
export type PlanAddonOption = z.infer<typeof PlanAddonOption>;
