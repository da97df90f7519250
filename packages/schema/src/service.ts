import { z } from 'zod';
import { DateTime } from './common';
import { ServiceRef } from './refs';
import { POWER_ACTIONS } from './values';

/** An owned service; additional properties are allowed. */
export const Service = z
  .looseObject({
    service_ref: ServiceRef,
    name: z.string(),
    service_plan_name: z.string(),
    type: z.string(),
    status: z.string(),
    auto_renew: z.boolean(),
    display_name: z.string().optional(),
    primary_ip: z.string().optional(),
    ip_addresses: z.array(z.string()).optional(),
    expires_at: z.string().optional(),
  })
  .meta({ id: 'Service' });

const Count = z.int().min(0);

/** Counts of the account's primary services. */
export const ServiceStats = z
  .strictObject({
    total: Count,
    active: Count,
    by_type: z.record(z.string(), Count),
    by_status: z.record(z.string(), Count),
    server_time: DateTime,
  })
  .meta({ id: 'ServiceStats' });

/** One service with the server time (GET /services/{service_ref}). */
export const ServiceEnvelope = z
  .strictObject({ service: Service, server_time: DateTime })
  .meta({ id: 'ServiceEnvelope' });

/** Body of PUT /services/{service_ref}/auto-renew. */
export const AutoRenewRequest = z
  .strictObject({ enabled: z.boolean() })
  .meta({ id: 'AutoRenewRequest' });

/** Result of PUT /services/{service_ref}/auto-renew. */
export const AutoRenewResponse = z
  .strictObject({
    service_ref: ServiceRef,
    auto_renew: z.boolean(),
    changed: z.boolean(),
    server_time: DateTime,
  })
  .meta({ id: 'AutoRenewResponse' });

/** A KVM power action. */
export const PowerAction = z.enum(POWER_ACTIONS);

/** Body of POST /services/{service_ref}/power. */
export const PowerRequest = z.strictObject({ action: PowerAction }).meta({ id: 'PowerRequest' });

/** Result of POST /services/{service_ref}/power. */
export const PowerResponse = z
  .strictObject({
    service_ref: ServiceRef,
    action: PowerAction,
    accepted: z.literal(true),
    server_time: DateTime,
  })
  .meta({ id: 'PowerResponse' });

/** An owned service. */
export type Service = z.infer<typeof Service>;
/** One service with the server time. */
export type ServiceEnvelope = z.infer<typeof ServiceEnvelope>;
/** Service counts. */
export type ServiceStats = z.infer<typeof ServiceStats>;
/** Body of PUT …/auto-renew. */
export type AutoRenewRequest = z.infer<typeof AutoRenewRequest>;
/** Result of PUT …/auto-renew. */
export type AutoRenewResponse = z.infer<typeof AutoRenewResponse>;
/** A KVM power action. */
export type PowerAction = z.infer<typeof PowerAction>;
/** Body of POST …/power. */
export type PowerRequest = z.infer<typeof PowerRequest>;
/** Result of POST …/power. */
export type PowerResponse = z.infer<typeof PowerResponse>;
