import { z } from 'zod';
import { DateTime, Money, ServiceType } from './common';
import { FreeText } from './free-text';
import { LIMITS } from './limits';
import { AddonRef, OsImageRef, PeriodRef, RegionRef, ServiceRef } from './refs';

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

/** The service created by an order. */
export const CreatedService = z
  .strictObject({
    name: z.string(),
    service_plan_name: z.string(),
    type: z.string(),
    status: z.string(),
    /** Legacy reporting field, not the charged amount. */
    monthly_price_eur: z.number(),
    display_name: z.string().optional(),
    location: z.string().optional(),
    cores: z.int().optional(),
    ram_gb: z.int().optional(),
    disk_gb: z.int().optional(),
    bandwidth_mbps: z.int().optional(),
    os_name: z.string().optional(),
    last_period_unit: z.string().optional(),
    last_period_amount: z.int().optional(),
    expires_at: z.string().optional(),
  })
  .meta({ id: 'CreatedService' });

/** Result of POST /orders; `balance` is the balance after the debit. */
export const CreateOrderResponse = z
  .strictObject({
    service_ref: ServiceRef,
    service: CreatedService,
    balance: Money,
    idempotent_replayed: z.boolean(),
    server_time: DateTime,
  })
  .meta({ id: 'CreateOrderResponse' });

/** One addon line of an order. */
export type CreateOrderAddon = z.input<typeof CreateOrderAddon>;
/** Body of POST /orders. */
export type CreateOrderRequest = z.input<typeof CreateOrderRequest>;
/** The service created by an order. */
export type CreatedService = z.infer<typeof CreatedService>;
/** Result of POST /orders. */
export type CreateOrderResponse = z.infer<typeof CreateOrderResponse>;
