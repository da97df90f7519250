import { z } from 'zod';
import { Currency } from './common';
import { openEnum } from './open-enum';
import { AddonRef, OsImageRef, PeriodRef, PlanRef, RegionRef } from './refs';
import { SERVICE_TYPES } from './values';

// Declaration output: each object schema is typed `z.ZodObject<typeof shape, …>` over a named
// shape, and a nested schema is asserted to its own type (`X as typeof X`), so that the
// published .d.ts names them; inferred, they are written out inline without the fields' doc
// comments, which an editor then cannot show.

const planPricingShape = {
  /** The currency of the prices. */
  currency: Currency,
  /** The monthly list price before discounts. */
  base: z.number(),
  /** The monthly price an order pays. */
  final: z.number(),
  /** The price of each billing period, by period name. */
  period_prices: z.record(z.string(), z.number()).optional(),
};

/** A price of a plan in one currency. */
export const PlanPricing: z.ZodObject<typeof planPricingShape, z.core.$strict> = z
  .strictObject(planPricingShape)
  .meta({ id: 'PlanPricing' });

const planPeriodOptionShape = {
  /** The period's reference, `REF-PERIOD-…`. */
  period_ref: PeriodRef,
  /** The period's name, e.g. `monthly`. */
  name: z.string(),
  /** The period's length in months. */
  months: z.int().min(1).optional().meta({ description: "The period's length in months." }),
  /** The plan's net price for the whole period in the account currency. */
  net: z.number().min(0).optional().meta({
    description:
      "The plan's net price for the whole period in the account currency (converted, rounded half-up to the cent).",
  }),
};

/** A billing period an order of the plan may name (`period_ref`), with its length and net price. */
export const PlanPeriodOption: z.ZodObject<typeof planPeriodOptionShape, z.core.$strict> = z
  .strictObject(planPeriodOptionShape)
  .meta({ id: 'PlanPeriodOption' });

const planOsImageOptionShape = {
  /** The image's reference, `REF-OS-…`. */
  os_image_ref: OsImageRef,
  /** The image's name, e.g. `Debian 12`. */
  name: z.string(),
};

/** An OS image an order of the plan may name (`os_image_ref`, or `os_name` by its name). */
export const PlanOsImageOption: z.ZodObject<typeof planOsImageOptionShape, z.core.$strict> = z
  .strictObject(planOsImageOptionShape)
  .meta({ id: 'PlanOsImageOption' });

const planRegionOptionShape = {
  /** The region's reference, `REF-REGION-…`. */
  region_ref: RegionRef,
  /** The region's name. */
  name: z.string().optional(),
};

/** A region an order of the plan may name (`region_ref`): one that sells to the account's country. */
export const PlanRegionOption: z.ZodObject<typeof planRegionOptionShape, z.core.$strict> = z
  .strictObject(planRegionOptionShape)
  .meta({ id: 'PlanRegionOption' });

const planAddonOptionShape = {
  /** The addon's reference, `REF-ADDON-…`. */
  addon_ref: AddonRef,
  /** The addon's name. */
  name: z.string(),
  /** One unit of the addon for one month, net, in the account currency. */
  monthly_net: z.number().min(0).optional().meta({
    description:
      'One unit of the addon for one month, net, in the account currency (converted, rounded half-up to the cent).',
  }),
};

/** An addon an order of the plan may name (`addons[].addon_ref`), with its monthly net price. */
export const PlanAddonOption: z.ZodObject<typeof planAddonOptionShape, z.core.$strict> = z
  .strictObject(planAddonOptionShape)
  .meta({ id: 'PlanAddonOption' });

const planShape = {
  /** The plan's reference, `REF-PLAN-…`. */
  plan_ref: PlanRef,
  /** The plan's name, e.g. `KVM S`. */
  name: z.string(),
  /** The plan code an order names (`plan_code`), e.g. `kvm-s`. */
  code: z.string(),
  /** The service type the plan sells, e.g. `kvm`. The value set is open. */
  service_type: openEnum(SERVICE_TYPES),
  /** Where a person can buy the plan (https). */
  // The pattern says in the document what the protocol check enforces: zod publishes a URL
  // as `format: uri` alone, which admits any scheme.
  purchase_url: z.url({ protocol: /^https$/ }).meta({ pattern: '^https://' }),
  /** The plan's prices in the account currency: what an order is charged. */
  account_price: PlanPricing as typeof PlanPricing,
  /** The prices converted to `display_currency`; informational, never charged. */
  display_price: PlanPricing.optional() as z.ZodOptional<typeof PlanPricing>,
  /** The account's VAT rate as a decimal (0.19), applied to the sum of an order's lines. */
  vat_rate: z.number().min(0).max(1).optional().meta({
    description:
      "The account's VAT rate as a decimal (0.19): applied to the sum of an order's lines, rounded half-up.",
  }),
  /** False when the plan is sold out: an order answers 422 `out_of_stock`. */
  in_stock: z
    .boolean()
    .optional()
    .meta({ description: 'False when the plan is sold out: an order answers 422 out_of_stock.' }),
  /** The billing periods an order may name as `period_ref`. */
  periods: z.array(PlanPeriodOption).optional().meta({
    description: 'The billing periods an order may name as `period_ref`.',
  }) as z.ZodOptional<z.ZodArray<typeof PlanPeriodOption>>,
  /** The OS images an order may name as `os_image_ref` (or `os_name`). */
  os_images: z.array(PlanOsImageOption).optional().meta({
    description: 'The OS images an order may name as `os_image_ref` (or `os_name`).',
  }) as z.ZodOptional<z.ZodArray<typeof PlanOsImageOption>>,
  /** The regions an order may name as `region_ref` (those selling to the account's country). */
  regions: z.array(PlanRegionOption).optional().meta({
    description:
      "The regions an order may name as `region_ref` (those selling to the account's country).",
  }) as z.ZodOptional<z.ZodArray<typeof PlanRegionOption>>,
  /** The addons an order may name in `addons[].addon_ref`. */
  addons: z.array(PlanAddonOption).optional().meta({
    description: 'The addons an order may name in `addons[].addon_ref`.',
  }) as z.ZodOptional<z.ZodArray<typeof PlanAddonOption>>,
};

// Parsed loosely (the spec allows additional properties), typed as a plain object schema so
// that the inferred type has no index signature, as Service is.
/**
 * A saleable plan of the catalog; additional properties are allowed. The optional
 * `in_stock`, `periods`, `os_images`, `regions` and `addons` are such additions: what an
 * order of the plan may name, with references and names.
 */
export const Plan: z.ZodObject<typeof planShape, z.core.$strip> = z
  .looseObject(planShape)
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
