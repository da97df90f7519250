import { z } from 'zod';
import { DateTime } from './common';
import { openEnum } from './open-enum';
import { ServiceRef } from './refs';
import {
  PERIOD_UNITS,
  POWER_ACTIONS,
  SERVICE_POWER_STATES,
  SERVICE_STATUSES,
  SERVICE_TYPES,
} from './values';

// Declaration output: each object schema is typed `z.ZodObject<typeof shape, …>` over a named
// shape, and a nested schema is asserted to its own type (`X as typeof X`), so that the
// published .d.ts names them; inferred, they are written out inline without the fields' doc
// comments, which an editor then cannot show.

const serviceShape = {
  /** The service's public reference, `REF-SVC-…`. */
  service_ref: ServiceRef,
  /** The service's name, e.g. `kvm-s-101`. */
  name: z.string(),
  /** The name of the plan the service was bought on. */
  service_plan_name: z.string(),
  /** The service type, e.g. `kvm`. The value set is open. */
  type: openEnum(SERVICE_TYPES),
  /** The lifecycle status, e.g. `active` or `suspended`. The value set is open. */
  status: openEnum(SERVICE_STATUSES),
  /** Whether the service renews itself from the balance when it expires. */
  auto_renew: z.boolean(),
  /** A display name set by the customer. */
  display_name: z.string().optional(),
  /** The service's primary IP address. */
  primary_ip: z.string().optional(),
  /** Every IP address of the service. */
  ip_addresses: z.array(z.string()).optional(),
  /** When the current term ends. */
  expires_at: z.string().optional(),
  // Additional properties the spec allows and the reference server sends.
  /** The power state of a KVM service, e.g. `running`. An addition of the reference server. */
  power_state: openEnum(SERVICE_POWER_STATES).optional(),
  /** The region the service runs in. An addition of the reference server. */
  location: z.string().optional(),
  /** The operating system ordered with the service. An addition of the reference server. */
  os_name: z.string().optional(),
  /** The unit of the last billing period, e.g. `month`. An addition of the reference server. */
  last_period_unit: openEnum(PERIOD_UNITS).optional(),
  /** The length of the last billing period in `last_period_unit`s. An addition of the reference server. */
  last_period_amount: z.int().optional(),
};

/**
 * An owned service; additional properties are allowed. At run time every property the
 * server sends is kept; the type names the spec's fields and the additions the reference
 * server sends (`power_state`, `location` …), with no index signature, so a misspelled
 * property does not compile. Read an unlisted one through `Unlisted` of `@refapi/sdk`.
 */
// The schema parses loosely (the spec allows additional properties); it is typed as a plain
// object schema so that the inferred type has no `[key: string]: unknown` index signature.
export const Service: z.ZodObject<typeof serviceShape, z.core.$strip> = z
  .looseObject(serviceShape)
  .meta({ id: 'Service' });

const Count = z.int().min(0);

const serviceStatsShape = {
  /** How many primary services the account has. */
  total: Count,
  /** How many of them are `active`. */
  active: Count,
  /** How many there are of each service type. */
  by_type: z.record(z.string(), Count),
  /** How many there are in each status. */
  by_status: z.record(z.string(), Count),
  /** The server's time of the answer. */
  server_time: DateTime,
};

/** Counts of the account's primary services. */
export const ServiceStats: z.ZodObject<typeof serviceStatsShape, z.core.$strict> = z
  .strictObject(serviceStatsShape)
  .meta({ id: 'ServiceStats' });

const serviceEnvelopeShape = {
  /** The service. */
  service: Service as typeof Service,
  /** The server's time of the answer. */
  server_time: DateTime,
};

/** One service with the server time (GET /services/{service_ref}). */
export const ServiceEnvelope: z.ZodObject<typeof serviceEnvelopeShape, z.core.$strict> = z
  .strictObject(serviceEnvelopeShape)
  .meta({ id: 'ServiceEnvelope' });

/** Body of PUT /services/{service_ref}/auto-renew. */
export const AutoRenewRequest = z
  .strictObject({ enabled: z.boolean() })
  .meta({ id: 'AutoRenewRequest' });

const autoRenewResponseShape = {
  /** The service. */
  service_ref: ServiceRef,
  /** The automatic renewal now desired. */
  auto_renew: z.boolean(),
  /** False when the service already held this value (an identical replay). */
  changed: z.boolean(),
  /** The server's time of the answer. */
  server_time: DateTime,
};

/** Result of PUT /services/{service_ref}/auto-renew. */
export const AutoRenewResponse: z.ZodObject<typeof autoRenewResponseShape, z.core.$strict> = z
  .strictObject(autoRenewResponseShape)
  .meta({ id: 'AutoRenewResponse' });

/** A KVM power action. */
export const PowerAction = z.enum(POWER_ACTIONS);

/** Body of POST /services/{service_ref}/power. */
export const PowerRequest = z.strictObject({ action: PowerAction }).meta({ id: 'PowerRequest' });

const powerResponseShape = {
  /** The service. */
  service_ref: ServiceRef,
  /** The action the provider accepted. */
  action: PowerAction,
  /** Always true: a refused action is a 502. */
  accepted: z.literal(true),
  /** The server's time of the answer. */
  server_time: DateTime,
};

/** Result of POST /services/{service_ref}/power. */
export const PowerResponse: z.ZodObject<typeof powerResponseShape, z.core.$strict> = z
  .strictObject(powerResponseShape)
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
