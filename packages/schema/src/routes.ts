import { LIMITS } from './limits';
import type { SCOPES } from './scopes';

// The contract table without its zod schemas: what a client needs to send a request and to
// read its status (method, path, scope, idempotency, statuses). It imports no zod, so a
// client that loads only this starts without building the ~400 schemas of the contract;
// `loadSuccessSchema` builds the one module a response needs when it arrives. The
// contract table (`operations`) spreads these entries and adds the schemas.

/** HTTP methods used by the API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Error statuses an operation may answer with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 428 | 429 | 502 | 503;

/** One operation's route: the contract table's entry without its schemas. */
export interface RouteDef {
  readonly operationId: string;
  readonly summary: string;
  readonly method: HttpMethod;
  /** Path template relative to the base URL (which ends in `/v1`), e.g. `/services/{service_ref}`. */
  readonly path: string;
  readonly scope: (typeof SCOPES)[number];
  /** Which rate-limit window the operation counts against. */
  readonly access: 'read' | 'write';
  /** Whether the `Idempotency-Key` header is required (428 without it). */
  readonly idempotencyKey: boolean;
  /** Refused with 503 `shield_paused` while the Shield is paused (`POST /__admin/shield`). */
  readonly pausable?: boolean;
  readonly success: {
    readonly status: 200 | 202;
    /** The success response has no body schema (the body, if any, carries nothing). */
    readonly empty?: boolean;
    /** The operation can also answer `text/csv` (export with `format=csv`). */
    readonly csv?: boolean;
  };
  /** Error statuses exactly as listed by the spec for this operation. */
  readonly errors: readonly ErrorStatus[];
  /** Statuses the reference server's own rules add for this operation only (its spec's section 8). */
  readonly referenceErrors?: readonly ErrorStatus[];
  /**
   * A cursor-paginated list: the key of the item array in its success body (`invoices` in
   * `{invoices, pagination}`; `items` in the evidence page, `{items, next_cursor}`).
   * Written `as const` in the table, so clients can type the items by it.
   */
  readonly list?: { readonly items: string };
}

const defineRoutes = <T extends Record<string, RouteDef>>(
  table: {
    [K in keyof T]: T[K] & { operationId: K };
  },
) => table;

/** The routes of the 23 operations of the account API, keyed by operationId. */
export const routes = defineRoutes({
  getAccount: {
    operationId: 'getAccount',
    summary: 'Read the account identity',
    method: 'GET',
    path: '/me',
    scope: 'account:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [401, 403],
  },
  getBalance: {
    operationId: 'getBalance',
    summary: 'Read the account balance',
    method: 'GET',
    path: '/balance',
    scope: 'balance:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [401, 403],
  },
  listInvoices: {
    operationId: 'listInvoices',
    summary: 'List invoices, newest reference first',
    method: 'GET',
    path: '/invoices',
    scope: 'finance:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [400, 401, 403],
    list: { items: 'invoices' as const },
  },
  listOrders: {
    operationId: 'listOrders',
    summary: 'List orders, newest reference first',
    method: 'GET',
    path: '/orders',
    scope: 'finance:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [400, 401, 403],
    list: { items: 'orders' as const },
  },
  createOrder: {
    operationId: 'createOrder',
    summary: 'Buy one service from the account balance, atomically',
    method: 'POST',
    path: '/orders',
    scope: 'orders:write',
    access: 'write',
    idempotencyKey: true,
    success: { status: 200 },
    errors: [400, 401, 403, 409, 422, 428],
  },
  listTransactions: {
    operationId: 'listTransactions',
    summary: 'List ledger transactions, newest reference first',
    method: 'GET',
    path: '/transactions',
    scope: 'finance:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [400, 401, 403],
    list: { items: 'transactions' as const },
  },
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
    list: { items: 'services' as const },
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
  },
  getShieldOverview: {
    operationId: 'getShieldOverview',
    summary: 'Read the Shield overview of a KVM service',
    method: 'GET',
    path: '/services/{service_ref}/shield',
    scope: 'shield:read',
    access: 'read',
    idempotencyKey: false,
    pausable: true,
    success: { status: 200 },
    errors: [401, 403, 404, 409, 503],
  },
  getShieldCapabilities: {
    operationId: 'getShieldCapabilities',
    summary: 'Read the entitlement and the preset and profile descriptors',
    method: 'GET',
    path: '/services/{service_ref}/shield/capabilities',
    scope: 'shield:read',
    access: 'read',
    idempotencyKey: false,
    pausable: true,
    success: { status: 200 },
    errors: [401, 403, 404, 503],
  },
  listShieldRules: {
    operationId: 'listShieldRules',
    summary: 'List the sanitized Shield rules of a service',
    method: 'GET',
    path: '/services/{service_ref}/shield/rules',
    scope: 'shield:read',
    access: 'read',
    idempotencyKey: false,
    pausable: true,
    success: { status: 200 },
    errors: [401, 403, 404, 503],
  },
  createShieldRule: {
    operationId: 'createShieldRule',
    summary: 'Queue a custom Shield rule',
    method: 'POST',
    path: '/services/{service_ref}/shield/rules',
    scope: 'shield:write',
    access: 'write',
    idempotencyKey: true,
    pausable: true,
    success: { status: 202 },
    errors: [400, 401, 403, 409, 428, 503],
    // Section 8 of the reference-server spec: rules a real provider would refuse.
    referenceErrors: [422],
  },
  deleteShieldRule: {
    operationId: 'deleteShieldRule',
    summary: 'Queue the rollback of a rule or its complete profile bundle',
    method: 'DELETE',
    path: '/services/{service_ref}/shield/rules/{rule_id}',
    scope: 'shield:write',
    access: 'write',
    idempotencyKey: true,
    pausable: true,
    success: { status: 202, empty: true },
    errors: [401, 403, 404, 409, 428, 503],
  },
  applyShieldPreset: {
    operationId: 'applyShieldPreset',
    summary: 'Queue a preset rule',
    method: 'POST',
    path: '/services/{service_ref}/shield/presets/{preset_code}',
    scope: 'shield:write',
    access: 'write',
    idempotencyKey: true,
    pausable: true,
    success: { status: 202 },
    errors: [401, 403, 404, 409, 428, 503],
  },
  applyShieldProfile: {
    operationId: 'applyShieldProfile',
    summary: 'Replace the customer-managed profile bundle, atomically',
    method: 'POST',
    path: '/services/{service_ref}/shield/profiles/{profile_code}',
    scope: 'shield:write',
    access: 'write',
    idempotencyKey: true,
    pausable: true,
    success: { status: 202 },
    errors: [401, 403, 404, 409, 428, 503],
  },
  getShieldTraffic: {
    operationId: 'getShieldTraffic',
    summary: 'Aggregate the traffic of a window',
    method: 'GET',
    path: '/services/{service_ref}/shield/traffic',
    scope: 'shield:read',
    access: 'read',
    idempotencyKey: false,
    pausable: true,
    success: { status: 200 },
    errors: [400, 401, 403, 404, 409, 503],
  },
  getShieldProtectionActivity: {
    operationId: 'getShieldProtectionActivity',
    summary: 'Aggregate the protection verdicts of a window',
    method: 'GET',
    path: '/services/{service_ref}/shield/protection-activity',
    scope: 'shield:read',
    access: 'read',
    idempotencyKey: false,
    pausable: true,
    success: { status: 200 },
    errors: [400, 401, 403, 404, 409, 503],
  },
  exportShieldTelemetry: {
    operationId: 'exportShieldTelemetry',
    summary: 'Export a telemetry dataset as JSON or formula-safe CSV',
    method: 'GET',
    path: '/services/{service_ref}/shield/export',
    scope: 'shield:read',
    access: 'read',
    idempotencyKey: false,
    pausable: true,
    success: { status: 200, csv: true },
    errors: [400, 401, 403, 404, 409, 503],
  },
  getShieldRuleEvidence: {
    operationId: 'getShieldRuleEvidence',
    summary: 'Page through sanitized evidence samples of a rule',
    method: 'GET',
    path: '/services/{service_ref}/shield/rules/{rule_id}/evidence',
    scope: 'shield:read',
    access: 'read',
    idempotencyKey: false,
    pausable: true,
    success: { status: 200 },
    errors: [400, 401, 403, 404, 409, 503],
    list: { items: 'items' as const },
  },
  listPlans: {
    operationId: 'listPlans',
    summary: 'List saleable plans of the catalog',
    method: 'GET',
    path: '/plans',
    scope: 'catalog:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [400, 401, 403],
    list: { items: 'plans' as const },
  },
});

/** The operationId of any of the 23 operations. */
export type RouteId = keyof typeof routes;

/**
 * Fills a path template with URL-encoded parameters.
 * @example buildPath(routes.getService, { service_ref: 'REF-SVC-1' }) // '/services/REF-SVC-1'
 */
export function buildPath(
  route: Pick<RouteDef, 'path'>,
  params: Record<string, string> = {},
): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined)
      throw new TypeError(`missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(value);
  });
}

/** Characters an `Idempotency-Key` may hold (1-128 of them). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/** Whether `value` is a valid `Idempotency-Key`: the `IdempotencyKey` schema's rule, without zod. */
export const isIdempotencyKey = (value: string): boolean =>
  value.length <= LIMITS.idempotencyKeyLengthMax && IDEMPOTENCY_KEY_PATTERN.test(value);
