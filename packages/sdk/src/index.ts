// The contract's resource and result types, so callers can annotate without a second import.
export type {
  Account,
  AutoRenewResponse,
  Balance,
  CreatedService,
  CreateOrderRequest,
  CreateOrderResponse,
  DisplayMoney,
  ErrorCode,
  Invoice,
  Money,
  OpenEnum,
  Order,
  Pagination,
  Plan,
  PlanAddonOption,
  PlannableOperation,
  PlanOsImageOption,
  PlanPeriodOption,
  PlanPricing,
  PlanRegionOption,
  PowerResponse,
  RequestPlan,
  Service,
  ServiceEnvelope,
  ServiceStats,
  ServiceType,
  ShieldCapabilities,
  ShieldEntitlement,
  ShieldEvidence,
  ShieldEvidenceItem,
  ShieldOverview,
  ShieldPreset,
  ShieldProfile,
  ShieldProfileMutation,
  ShieldProfileState,
  ShieldRule,
  ShieldRuleIntent,
  ShieldRuleMutation,
  ShieldRulePage,
  ShieldTelemetry,
  ShieldTelemetryItem,
  ShieldTelemetryTotals,
  Transaction,
} from '@refapi/schema';
export { ApiPromise, type ApiResponse } from './api-promise';
export { RefClient } from './client';
export {
  ConfigurationError,
  ConnectionError,
  PaginationLoopError,
  RedirectError,
  ResponseDecodeError,
  ResponseTooLargeError,
  ResponseValidationError,
  TimeoutError,
  UserAbortError,
  WaitForError,
  WaitTimeoutError,
} from './errors/client-errors';
// Both modules export only public names: `is…` guards, and the error classes (unit tests check).
export * from './errors/guards';
export * from './errors/http-errors';
export { RefApiError, type RefApiErrorInit, RefSdkError } from './errors/ref-error';
export type {
  AfterResponseContext,
  BeforeErrorContext,
  BeforeRetryContext,
  ClientHooks,
  HookContext,
} from './hooks';
export type { BodyOf, PathParamsOf, QueryOf, SuccessOf } from './internal/operation-types';
export type { WaitForOptions, WaitForPoll } from './internal/poll';
export { sameOriginRedirects } from './internal/redirects';
export type { ResponseValidationMode } from './internal/response-check';
export { LOG_LEVELS, type Logger, type LogLevel } from './logger';
export { type ClientOptions, DEFAULTS, type FetchFunction, type RequestOptions } from './options';
export { Page, type PageContext, type PageData } from './pagination/page';
export { type ListOptions, PagePromise, type ToArrayOptions } from './pagination/page-promise';
export { type AppliedPlan, checkPlan, type PlanCharge } from './plans/apply-plan';
export {
  type Cents,
  PlanChargeMismatchError,
  PlanPriceChangedError,
  type PlanRefusalReason,
  PlanRefusedError,
} from './plans/plan-errors';
export type { ApplyOptions, PlanOf, PlanOptions } from './plans/plan-request';
export { parseRateLimit, type RateLimitState } from './rate-limit';
export type { AccountResource } from './resources/account';
export type { BalanceGetParams, BalanceResource, DisplayCurrency } from './resources/balance';
export type { InvoicesResource } from './resources/invoices';
export type { CreateOrderResult, OrdersResource } from './resources/orders';
export type { PlansResource } from './resources/plans';
export type {
  PowerActionName,
  ServiceListQuery,
  ServiceStatusFilter,
  ServicesResource,
} from './resources/services';
export type { CsvExportQuery, JsonExportQuery, ShieldResource } from './resources/shield';
export type { ShieldBundleResource } from './resources/shield-bundle';
export type { PresetCode, ShieldPresetsResource } from './resources/shield-presets';
export type {
  ProfileCode,
  ProfileState,
  ProfileWaitState,
  ShieldProfilesResource,
} from './resources/shield-profiles';
export type { RuleWaitState, ShieldRulesResource } from './resources/shield-rules';
export type { TransactionsResource } from './resources/transactions';
export type { ApiResult, OrderMeta, ResultMeta } from './result-meta';
export type { Unlisted } from './unlisted';
export type {
  InvoiceKind,
  InvoiceStatus,
  OrderStatus,
  PowerState,
  ServiceStatus,
  ServiceTypeName,
  ShieldRuleState,
  TransactionKind,
} from './value-types';
export { VERSION } from './version';
