import type { z } from 'zod';
import { Account, Balance } from './account';
import { InvoicePage, OrderPage, PlanPage, ServicePage, TransactionPage } from './envelopes';
import { CreateOrderRequest, CreateOrderResponse } from './orders';
import {
  BalanceQuery,
  ListInvoicesQuery,
  ListOrdersQuery,
  ListPlansQuery,
  ListServicesQuery,
  ListTransactionsQuery,
  PresetPathParams,
  ProfilePathParams,
  RulePathParams,
  ServicePathParams,
  ShieldEvidenceQuery,
  ShieldExportQuery,
  ShieldTrafficQuery,
  ShieldWindowQuery,
} from './params';
import type { SCOPES } from './scopes';
import {
  AutoRenewRequest,
  AutoRenewResponse,
  PowerRequest,
  PowerResponse,
  ServiceEnvelope,
  ServiceStats,
} from './service';
import {
  ShieldCapabilities,
  ShieldEvidence,
  ShieldOverview,
  ShieldProfileMutation,
  ShieldRuleIntent,
  ShieldRuleMutation,
  ShieldRulePage,
  ShieldTelemetry,
} from './shield';

/** HTTP methods used by the API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Error statuses an operation may answer with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 428 | 429 | 502 | 503;

/** One entry of the contract table: everything server, SDK and CLI need about an operation. */
export interface OperationDef {
  readonly operationId: string;
  readonly summary: string;
  readonly method: HttpMethod;
  /** Path template relative to the base URL (which ends in `/v1`), e.g. `/services/{service_ref}`. */
  readonly path: string;
  readonly scope: (typeof SCOPES)[number];
  /** Which rate-limit window the operation counts against. */
  readonly access: 'read' | 'write';
  readonly pathParams?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Whether the `Idempotency-Key` header is required (428 without it). */
  readonly idempotencyKey: boolean;
  /** Refused with 503 `shield_paused` while the Shield is paused (`POST /__admin/shield`). */
  readonly pausable?: boolean;
  readonly success: {
    readonly status: 200 | 202;
    /** Absent when the success response has no body schema. */
    readonly schema?: z.ZodType;
    /** The operation can also answer `text/csv` (export with `format=csv`). */
    readonly csv?: boolean;
  };
  /** Error statuses exactly as listed by the spec for this operation. */
  readonly errors: readonly ErrorStatus[];
}

const defineOperations = <T extends Record<string, OperationDef>>(
  ops: {
    [K in keyof T]: T[K] & { operationId: K };
  },
) => ops;

/** The contract table: the 23 operations of the account API, keyed by operationId. */
export const operations = defineOperations({
  getAccount: {
    operationId: 'getAccount',
    summary: 'Read the account identity',
    method: 'GET',
    path: '/me',
    scope: 'account:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200, schema: Account },
    errors: [401, 403],
  },
  getBalance: {
    operationId: 'getBalance',
    summary: 'Read the account balance',
    method: 'GET',
    path: '/balance',
    scope: 'balance:read',
    access: 'read',
    query: BalanceQuery,
    idempotencyKey: false,
    success: { status: 200, schema: Balance },
    errors: [401, 403],
  },
  listInvoices: {
    operationId: 'listInvoices',
    summary: 'List invoices, newest reference first',
    method: 'GET',
    path: '/invoices',
    scope: 'finance:read',
    access: 'read',
    query: ListInvoicesQuery,
    idempotencyKey: false,
    success: { status: 200, schema: InvoicePage },
    errors: [400, 401, 403],
  },
  listOrders: {
    operationId: 'listOrders',
    summary: 'List orders, newest reference first',
    method: 'GET',
    path: '/orders',
    scope: 'finance:read',
    access: 'read',
    query: ListOrdersQuery,
    idempotencyKey: false,
    success: { status: 200, schema: OrderPage },
    errors: [400, 401, 403],
  },
  createOrder: {
    operationId: 'createOrder',
    summary: 'Buy one service from the account balance, atomically',
    method: 'POST',
    path: '/orders',
    scope: 'orders:write',
    access: 'write',
    body: CreateOrderRequest,
    idempotencyKey: true,
    success: { status: 200, schema: CreateOrderResponse },
    errors: [400, 401, 403, 409, 422, 428],
  },
  listTransactions: {
    operationId: 'listTransactions',
    summary: 'List ledger transactions, newest reference first',
    method: 'GET',
    path: '/transactions',
    scope: 'finance:read',
    access: 'read',
    query: ListTransactionsQuery,
    idempotencyKey: false,
    success: { status: 200, schema: TransactionPage },
    errors: [400, 401, 403],
  },
  listServices: {
    operationId: 'listServices',
    summary: 'List primary services, newest reference first',
    method: 'GET',
    path: '/services',
    scope: 'services:read',
    access: 'read',
    query: ListServicesQuery,
    idempotencyKey: false,
    success: { status: 200, schema: ServicePage },
    errors: [400, 401, 403],
  },
  getServiceStats: {
    operationId: 'getServiceStats',
    summary: 'Count primary services by type and status',
    method: 'GET',
    path: '/services/stats',
    scope: 'services:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200, schema: ServiceStats },
    errors: [401, 403],
  },
  getService: {
    operationId: 'getService',
    summary: 'Read one owned service',
    method: 'GET',
    path: '/services/{service_ref}',
    scope: 'services:read',
    access: 'read',
    pathParams: ServicePathParams,
    idempotencyKey: false,
    success: { status: 200, schema: ServiceEnvelope },
    errors: [401, 403, 404],
  },
  setServiceAutoRenew: {
    operationId: 'setServiceAutoRenew',
    summary: 'Set the desired automatic-renewal state',
    method: 'PUT',
    path: '/services/{service_ref}/auto-renew',
    scope: 'services:write',
    access: 'write',
    pathParams: ServicePathParams,
    body: AutoRenewRequest,
    idempotencyKey: false,
    success: { status: 200, schema: AutoRenewResponse },
    errors: [400, 401, 403, 404, 409],
  },
  powerService: {
    operationId: 'powerService',
    summary: 'Start, stop or reboot a KVM service',
    method: 'POST',
    path: '/services/{service_ref}/power',
    scope: 'services:power',
    access: 'write',
    pathParams: ServicePathParams,
    body: PowerRequest,
    idempotencyKey: true,
    success: { status: 200, schema: PowerResponse },
    errors: [400, 401, 403, 404, 409, 428, 502],
  },
  getShieldOverview: {
    operationId: 'getShieldOverview',
    summary: 'Read the Shield overview of a KVM service',
    method: 'GET',
    path: '/services/{service_ref}/shield',
    scope: 'shield:read',
    access: 'read',
    pathParams: ServicePathParams,
    idempotencyKey: false,
    pausable: true,
    success: { status: 200, schema: ShieldOverview },
    errors: [401, 403, 404, 409, 503],
  },
  getShieldCapabilities: {
    operationId: 'getShieldCapabilities',
    summary: 'Read the entitlement and the preset and profile descriptors',
    method: 'GET',
    path: '/services/{service_ref}/shield/capabilities',
    scope: 'shield:read',
    access: 'read',
    pathParams: ServicePathParams,
    idempotencyKey: false,
    pausable: true,
    success: { status: 200, schema: ShieldCapabilities },
    errors: [401, 403, 404, 503],
  },
  listShieldRules: {
    operationId: 'listShieldRules',
    summary: 'List the sanitized Shield rules of a service',
    method: 'GET',
    path: '/services/{service_ref}/shield/rules',
    scope: 'shield:read',
    access: 'read',
    pathParams: ServicePathParams,
    idempotencyKey: false,
    pausable: true,
    success: { status: 200, schema: ShieldRulePage },
    errors: [401, 403, 404, 503],
  },
  createShieldRule: {
    operationId: 'createShieldRule',
    summary: 'Queue a custom Shield rule',
    method: 'POST',
    path: '/services/{service_ref}/shield/rules',
    scope: 'shield:write',
    access: 'write',
    pathParams: ServicePathParams,
    body: ShieldRuleIntent,
    idempotencyKey: true,
    pausable: true,
    success: { status: 202, schema: ShieldRuleMutation },
    errors: [400, 401, 403, 409, 428, 503],
  },
  deleteShieldRule: {
    operationId: 'deleteShieldRule',
    summary: 'Queue the rollback of a rule or its complete profile bundle',
    method: 'DELETE',
    path: '/services/{service_ref}/shield/rules/{rule_id}',
    scope: 'shield:write',
    access: 'write',
    pathParams: RulePathParams,
    idempotencyKey: true,
    pausable: true,
    success: { status: 202 },
    errors: [401, 403, 404, 409, 428, 503],
  },
  applyShieldPreset: {
    operationId: 'applyShieldPreset',
    summary: 'Queue a preset rule',
    method: 'POST',
    path: '/services/{service_ref}/shield/presets/{preset_code}',
    scope: 'shield:write',
    access: 'write',
    pathParams: PresetPathParams,
    idempotencyKey: true,
    pausable: true,
    success: { status: 202, schema: ShieldRuleMutation },
    errors: [401, 403, 404, 409, 428, 503],
  },
  applyShieldProfile: {
    operationId: 'applyShieldProfile',
    summary: 'Replace the customer-managed profile bundle, atomically',
    method: 'POST',
    path: '/services/{service_ref}/shield/profiles/{profile_code}',
    scope: 'shield:write',
    access: 'write',
    pathParams: ProfilePathParams,
    idempotencyKey: true,
    pausable: true,
    success: { status: 202, schema: ShieldProfileMutation },
    errors: [401, 403, 404, 409, 428, 503],
  },
  getShieldTraffic: {
    operationId: 'getShieldTraffic',
    summary: 'Aggregate the traffic of a window',
    method: 'GET',
    path: '/services/{service_ref}/shield/traffic',
    scope: 'shield:read',
    access: 'read',
    pathParams: ServicePathParams,
    query: ShieldTrafficQuery,
    idempotencyKey: false,
    pausable: true,
    success: { status: 200, schema: ShieldTelemetry },
    errors: [400, 401, 403, 404, 409, 503],
  },
  getShieldProtectionActivity: {
    operationId: 'getShieldProtectionActivity',
    summary: 'Aggregate the protection verdicts of a window',
    method: 'GET',
    path: '/services/{service_ref}/shield/protection-activity',
    scope: 'shield:read',
    access: 'read',
    pathParams: ServicePathParams,
    query: ShieldWindowQuery,
    idempotencyKey: false,
    pausable: true,
    success: { status: 200, schema: ShieldTelemetry },
    errors: [400, 401, 403, 404, 409, 503],
  },
  exportShieldTelemetry: {
    operationId: 'exportShieldTelemetry',
    summary: 'Export a telemetry dataset as JSON or formula-safe CSV',
    method: 'GET',
    path: '/services/{service_ref}/shield/export',
    scope: 'shield:read',
    access: 'read',
    pathParams: ServicePathParams,
    query: ShieldExportQuery,
    idempotencyKey: false,
    pausable: true,
    success: { status: 200, schema: ShieldTelemetry, csv: true },
    errors: [400, 401, 403, 404, 409, 503],
  },
  getShieldRuleEvidence: {
    operationId: 'getShieldRuleEvidence',
    summary: 'Page through sanitized evidence samples of a rule',
    method: 'GET',
    path: '/services/{service_ref}/shield/rules/{rule_id}/evidence',
    scope: 'shield:read',
    access: 'read',
    pathParams: RulePathParams,
    query: ShieldEvidenceQuery,
    idempotencyKey: false,
    pausable: true,
    success: { status: 200, schema: ShieldEvidence },
    errors: [400, 401, 403, 404, 409, 503],
  },
  listPlans: {
    operationId: 'listPlans',
    summary: 'List saleable plans of the catalog',
    method: 'GET',
    path: '/plans',
    scope: 'catalog:read',
    access: 'read',
    query: ListPlansQuery,
    idempotencyKey: false,
    success: { status: 200, schema: PlanPage },
    errors: [400, 401, 403],
  },
});

/** The contract table's type. */
export type Operations = typeof operations;
/** The operationId of any of the 23 operations. */
export type OperationId = keyof Operations;

/** The contract table as a list, in the spec's order. */
export const operationList: readonly OperationDef[] = Object.values(operations);

/**
 * Error statuses the reference server adds to the spec's list for an operation:
 * 400 for any operation with inputs (a body not declared JSON is `invalid_content_type`),
 * 404 under a service reference, 413 for bodies, 429 everywhere (rate limits), and 503
 * `state_unavailable` for writes (with `--state-file`, while its disk refuses writes).
 */
export function documentedErrorStatuses(op: OperationDef): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(op.errors);
  if (op.pathParams || op.query || op.body) statuses.add(400);
  if (op.pathParams) statuses.add(404);
  if (op.body) statuses.add(413);
  statuses.add(429);
  if (op.access === 'write') statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * Fills a path template with URL-encoded parameters.
 * @example buildPath(operations.getService, { service_ref: 'REF-SVC-1' }) // '/services/REF-SVC-1'
 */
export function buildPath(
  op: Pick<OperationDef, 'path'>,
  params: Record<string, string> = {},
): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`missing path parameter ${name} for ${op.path}`);
    return encodeURIComponent(value);
  });
}
