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
import { type ErrorStatus, type RouteDef, routes } from './routes';
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

/** One entry of the contract table: everything server, SDK and CLI need about an operation. */
export interface OperationDef extends RouteDef {
  readonly pathParams?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly success: RouteDef['success'] & {
    /** Absent when the success response has no body schema (then `empty` is true). */
    readonly schema?: z.ZodType;
  };
}

const defineOperations = <T extends Record<string, OperationDef>>(
  ops: {
    [K in keyof T]: T[K] & { operationId: K };
  },
) => ops;

/** The contract table: each operation's route plus its schemas, keyed by operationId. */
export const operations = defineOperations({
  getAccount: { ...routes.getAccount, success: { ...routes.getAccount.success, schema: Account } },
  getBalance: {
    ...routes.getBalance,
    query: BalanceQuery,
    success: { ...routes.getBalance.success, schema: Balance },
  },
  listInvoices: {
    ...routes.listInvoices,
    query: ListInvoicesQuery,
    success: { ...routes.listInvoices.success, schema: InvoicePage },
  },
  listOrders: {
    ...routes.listOrders,
    query: ListOrdersQuery,
    success: { ...routes.listOrders.success, schema: OrderPage },
  },
  createOrder: {
    ...routes.createOrder,
    body: CreateOrderRequest,
    success: { ...routes.createOrder.success, schema: CreateOrderResponse },
  },
  listTransactions: {
    ...routes.listTransactions,
    query: ListTransactionsQuery,
    success: { ...routes.listTransactions.success, schema: TransactionPage },
  },
  listServices: {
    ...routes.listServices,
    query: ListServicesQuery,
    success: { ...routes.listServices.success, schema: ServicePage },
  },
  getServiceStats: {
    ...routes.getServiceStats,
    success: { ...routes.getServiceStats.success, schema: ServiceStats },
  },
  getService: {
    ...routes.getService,
    pathParams: ServicePathParams,
    success: { ...routes.getService.success, schema: ServiceEnvelope },
  },
  setServiceAutoRenew: {
    ...routes.setServiceAutoRenew,
    pathParams: ServicePathParams,
    body: AutoRenewRequest,
    success: { ...routes.setServiceAutoRenew.success, schema: AutoRenewResponse },
  },
  powerService: {
    ...routes.powerService,
    pathParams: ServicePathParams,
    body: PowerRequest,
    success: { ...routes.powerService.success, schema: PowerResponse },
  },
  getShieldOverview: {
    ...routes.getShieldOverview,
    pathParams: ServicePathParams,
    success: { ...routes.getShieldOverview.success, schema: ShieldOverview },
  },
  getShieldCapabilities: {
    ...routes.getShieldCapabilities,
    pathParams: ServicePathParams,
    success: { ...routes.getShieldCapabilities.success, schema: ShieldCapabilities },
  },
  listShieldRules: {
    ...routes.listShieldRules,
    pathParams: ServicePathParams,
    success: { ...routes.listShieldRules.success, schema: ShieldRulePage },
  },
  createShieldRule: {
    ...routes.createShieldRule,
    pathParams: ServicePathParams,
    body: ShieldRuleIntent,
    success: { ...routes.createShieldRule.success, schema: ShieldRuleMutation },
  },
  deleteShieldRule: { ...routes.deleteShieldRule, pathParams: RulePathParams },
  applyShieldPreset: {
    ...routes.applyShieldPreset,
    pathParams: PresetPathParams,
    success: { ...routes.applyShieldPreset.success, schema: ShieldRuleMutation },
  },
  applyShieldProfile: {
    ...routes.applyShieldProfile,
    pathParams: ProfilePathParams,
    success: { ...routes.applyShieldProfile.success, schema: ShieldProfileMutation },
  },
  getShieldTraffic: {
    ...routes.getShieldTraffic,
    pathParams: ServicePathParams,
    query: ShieldTrafficQuery,
    success: { ...routes.getShieldTraffic.success, schema: ShieldTelemetry },
  },
  getShieldProtectionActivity: {
    ...routes.getShieldProtectionActivity,
    pathParams: ServicePathParams,
    query: ShieldWindowQuery,
    success: { ...routes.getShieldProtectionActivity.success, schema: ShieldTelemetry },
  },
  exportShieldTelemetry: {
    ...routes.exportShieldTelemetry,
    pathParams: ServicePathParams,
    query: ShieldExportQuery,
    success: { ...routes.exportShieldTelemetry.success, schema: ShieldTelemetry },
  },
  getShieldRuleEvidence: {
    ...routes.getShieldRuleEvidence,
    pathParams: RulePathParams,
    query: ShieldEvidenceQuery,
    success: { ...routes.getShieldRuleEvidence.success, schema: ShieldEvidence },
  },
  listPlans: {
    ...routes.listPlans,
    query: ListPlansQuery,
    success: { ...routes.listPlans.success, schema: PlanPage },
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
 * `state_unavailable` for writes (with `--state-file`, while its disk refuses writes), and
 * the operation's own `referenceErrors` (422 for Shield rules a provider would refuse).
 */
export function documentedErrorStatuses(op: OperationDef): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([...op.errors, ...(op.referenceErrors ?? [])]);
  if (op.pathParams || op.query || op.body) statuses.add(400);
  if (op.pathParams) statuses.add(404);
  if (op.body) statuses.add(413);
  statuses.add(429);
  if (op.access === 'write') statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}
