import { defineEntries } from './operation-entry';
import { cursor, LIMIT } from './parameter-text';

/** A service reference. */
const SERVICE = 'Reference of an owned service (REF-SVC-…), from {listServices}.';
/** A KVM service reference. */
const KVM = 'Reference of an owned KVM service (REF-SVC-…), from {listServices}.';
/** The reference of a service with Shield Advanced. */
export const SHIELDED =
  'Reference of an owned KVM service with Shield Advanced (REF-SVC-…), from {listServices}.';

/** Owned services: inventory, counts, automatic renewal and KVM power. */
export const SERVICES_ENTRIES = defineEntries({
  listServices: {
    operationId: 'listServices',
    summary: 'List primary services, newest reference first',
    method: 'GET',
    path: '/services',
    scope: 'services:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [400, 401, 403],
    list: { items: 'services' as const, ref: 'service_ref' as const },
    schemas: { query: 'params.ListServicesQuery', success: 'envelopes.ServicePage' },
    description:
      'Pages through the primary services in descending `service_ref` order, optionally filtered by `type` and `status`. Reseller storefront services are never listed.',
    parameters: {
      limit: LIMIT,
      cursor: cursor('service', 'REF-SVC-…'),
      type: 'Only services of this type, like kvm (lowercase letters, digits, _ and -; up to 32).',
      status: 'Only services in this status, like active (same format as type).',
    },
    mcp: { tool: 'services_list' },
    sdk: 'services.list',
    refctl: 'services list',
  },
  getServiceStats: {
    operationId: 'getServiceStats',
    summary: 'Count primary services by type and status',
    method: 'GET',
    path: '/services/stats',
    scope: 'services:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [401, 403],
    schemas: { success: 'service.ServiceStats' },
    description:
      'Counts the primary services in total, active, by type and by status. `stats` is a fixed path, not a service reference.',
    parameters: {},
    mcp: { tool: 'services_stats' },
    sdk: 'services.stats',
    refctl: 'services stats',
  },
  getService: {
    operationId: 'getService',
    summary: 'Read one owned service',
    method: 'GET',
    path: '/services/{service_ref}',
    scope: 'services:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [401, 403, 404],
    schemas: { pathParams: 'params.ServicePathParams', success: 'service.ServiceEnvelope' },
    description:
      'Returns one service of the account. A reference that does not exist and one of another account both answer 404.',
    parameters: { service_ref: SERVICE },
    mcp: { tool: 'services_get' },
    sdk: 'services.get',
    refctl: 'services get',
  },
  setServiceAutoRenew: {
    operationId: 'setServiceAutoRenew',
    summary: 'Set the desired automatic-renewal state',
    method: 'PUT',
    path: '/services/{service_ref}/auto-renew',
    scope: 'services:write',
    access: 'write',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [400, 401, 403, 404, 409],
    schemas: {
      pathParams: 'params.ServicePathParams',
      body: 'service.AutoRenewRequest',
      success: 'service.AutoRenewResponse',
    },
    description:
      'Sets the desired automatic-renewal state. Setting the value already held answers `changed: false`; a cancelled or expired service answers 409.',
    parameters: {
      service_ref: SERVICE,
      enabled:
        'true: renew at the end of each period (charging the balance then); false: let it expire.',
    },
    mcp: {
      tool: 'services_set_auto_renew',
      effects:
        'Free now; enabling it may authorize future renewal charges. Safe to repeat (changed is false when the state already held).',
    },
    sdk: 'services.setAutoRenew',
    refctl: 'services auto-renew',
  },
  powerService: {
    operationId: 'powerService',
    summary: 'Start, stop or reboot a KVM service',
    method: 'POST',
    path: '/services/{service_ref}/power',
    scope: 'services:power',
    access: 'write',
    idempotencyKey: true,
    success: { status: 200 },
    errors: [400, 401, 403, 404, 409, 428, 502],
    schemas: {
      pathParams: 'params.ServicePathParams',
      body: 'service.PowerRequest',
      success: 'service.PowerResponse',
    },
    description:
      'Starts, stops or reboots a KVM service through the provider. Other service types answer 409 `power_not_supported`; a provider rejection or failure answers 502.',
    parameters: {
      service_ref: KVM,
      action: 'start, stop (cuts power to the running server) or reboot.',
    },
    mcp: {
      tool: 'services_power',
      destructive: true,
      effects:
        'Free, but stop and reboot interrupt the running server. A provider refusal is an error (502) and is not retried.',
    },
    sdk: 'services.power',
    refctl: 'services power',
  },
});
