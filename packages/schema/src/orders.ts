import { z } from 'zod';
import { DateTime, Money, ServiceType } from './common';
import { FreeText } from './free-text';
import { LIMITS } from './limits';
import { openEnum } from './open-enum';
import { AddonRef, OsImageRef, PeriodRef, RegionRef, ServiceRef } from './refs';
import { PERIOD_UNITS, SERVICE_STATUSES, SERVICE_TYPES } from './values';

// Declaration output: each object schema is typed `z.ZodObject<typeof shape, …>` over a named
// shape, and a nested schema is asserted to its own type (`X as typeof X`), so that the
// published .d.ts names them; inferred, they are written out inline without the fields' doc
// comments, which an editor then cannot show.

/** One addon line of an order. */
export const CreateOrderAddon = z
  .strictObject({ addon_ref: AddonRef, units: z.int().min(1) })
  .meta({ id: 'CreateOrderAddon' });

/** Body of POST /orders. */
export const CreateOrderRequest = z
  .strictObject({
    type: ServiceType,
    plan_code: FreeText.min(1).max(LIMITS.planCodeLengthMax),
    os_name: FreeText.max(LIMITS.osNameLengthMax).optional(),
    windows: z.boolean().default(false).optional(),
    ipv6_only: z.boolean().default(false).optional(),
    os_image_ref: OsImageRef.optional(),
    period_ref: PeriodRef.optional(),
    region_ref: RegionRef.optional(),
    addons: z.array(CreateOrderAddon).max(LIMITS.orderAddonsMax).optional(),
    quote_version: FreeText.max(LIMITS.quoteVersionLengthMax).optional(),
  })
  .meta({ id: 'CreateOrderRequest' });

const createdServiceShape = {
  /** The service's name, e.g. `kvm-s-101`. */
  name: z.string(),
  /** The name of the plan the service was bought on. */
  service_plan_name: z.string(),
  /** The service type, e.g. `kvm`. The value set is open. */
  type: openEnum(SERVICE_TYPES),
  /** The lifecycle status, e.g. `active`. The value set is open. */
  status: openEnum(SERVICE_STATUSES),
  /** Legacy reporting field, not the charged amount. */
  monthly_price_eur: z.number(),
  /** A display name of the service. */
  display_name: z.string().optional(),
  /** The region the service runs in. */
  location: z.string().optional(),
  /** CPU cores of the plan. */
  cores: z.int().optional(),
  /** Memory of the plan, in GB. */
  ram_gb: z.int().optional(),
  /** Disk of the plan, in GB. */
  disk_gb: z.int().optional(),
  /** Bandwidth of the plan, in Mbit/s. */
  bandwidth_mbps: z.int().optional(),
  /** The operating system ordered. */
  os_name: z.string().optional(),
  /** The unit of the billing period bought, e.g. `month`. */
  last_period_unit: openEnum(PERIOD_UNITS).optional(),
  /** The length of the billing period bought, in `last_period_unit`s. */
  last_period_amount: z.int().optional(),
  /** When the first term ends. */
  expires_at: z.string().optional(),
};

/** The service created by an order. */
export const CreatedService: z.ZodObject<typeof createdServiceShape, z.core.$strict> = z
  .strictObject(createdServiceShape)
  .meta({ id: 'CreatedService' });

const orderResponseShape = {
  /** The reference of the service bought, `REF-SVC-…`. */
  service_ref: ServiceRef,
  /** The service bought. */
  service: CreatedService as typeof CreatedService,
  /** The remaining balance, after the debit. */
  balance: Money as typeof Money,
  /** True when this Idempotency-Key was already completed and the stored result was returned. */
  idempotent_replayed: z.boolean(),
  /** The server's time of the answer. */
  server_time: DateTime,
};

/** Result of POST /orders; `balance` is the balance after the debit. */
export const CreateOrderResponse: z.ZodObject<typeof orderResponseShape, z.core.$strict> = z
  .strictObject(orderResponseShape)
  .meta({ id: 'CreateOrderResponse' });

/** One addon line of an order. */
export type CreateOrderAddon = z.input<typeof CreateOrderAddon>;
/** Body of POST /orders. */
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;
/** The service created by an order. */
export type CreatedService = z.infer<typeof CreatedService>;
/** Result of POST /orders. */
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;
