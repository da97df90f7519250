// Every schema is exported with a same-named inferred type (request and query types are
// the input side: what a caller writes, defaults optional).
export { Account } from './account';
export { Balance } from './balance';
export { Invoice, Order, Transaction } from './billing';
// The routes without schemas, and each response schema on first use (`@refapi/schema/client`).
export * from './client';
export {
  ConflictBody,
  Currency,
  DateTime,
  DisplayMoney,
  ErrorBody,
  IpAddress,
  Money,
  Pagination,
  ServiceType,
  ShieldProfileCode,
} from './common';
export {
  documentedErrorStatuses,
  type OperationDef,
  type OperationId,
  type Operations,
  operationList,
  operations,
} from './contract';
export { csvCell } from './csv-cell';
export { InvoicePage, OrderPage, PlanPage, ServicePage, TransactionPage } from './envelopes';
export {
  ERROR_CODE_MEANINGS,
  ERROR_CODES,
  ERROR_STATUS_MEANINGS,
  type ErrorCode,
  type ErrorCodeText,
  errorMeaning,
} from './error-meanings';
export { FREE_TEXT_PATTERN, FreeText } from './free-text';
export { API_KEY_PREFIX, API_SPEC_VERSION, API_VERSION_PATH, LIMITS } from './limits';
export type { OpenEnum } from './open-enum';
export { buildOpenApiDocument } from './openapi';
export {
  type OfferedChoices,
  type OfferRefusal,
  type UnofferedChoice,
  unofferedChoice,
} from './order-offer';
export {
  CreatedService,
  CreateOrderAddon,
  CreateOrderRequest,
  CreateOrderResponse,
} from './orders';
export {
  BalanceQuery,
  DisplayCurrencyQuery,
  IdempotencyKey,
  ListInvoicesQuery,
  ListOrdersQuery,
  ListPlansQuery,
  ListServicesQuery,
  ListTransactionsQuery,
  PageLimit,
  PresetPathParams,
  ProfilePathParams,
  RulePathParams,
  SERVICE_FILTER_PATTERN,
  ServicePathParams,
  ShieldEvidenceQuery,
  ShieldExportQuery,
  ShieldTrafficQuery,
  ShieldWindowQuery,
  TelemetryGroupBy,
  WindowHours,
} from './params';
export {
  Plan,
  PlanAddonOption,
  PlanOsImageOption,
  PlanPeriodOption,
  PlanPricing,
  PlanRegionOption,
} from './plan';
export { canonicalJson, planDigest } from './plan-digest';
export {
  amountToCents,
  applyRateCents,
  type CatalogFacts,
  catalogFacts,
  centsToAmount,
  convertCentsByRates,
  describePrice,
  formatCents,
  type OrderPrice,
  type PricedOrder,
  type PriceLine,
  type PriceRefusal,
  type PriceResult,
  priceOrder,
  vatPercent,
} from './pricing';
export {
  ACCOUNT_REF_PATTERN,
  AccountRef,
  ADDON_REF_PATTERN,
  AddonRef,
  CURSOR_REF_PATTERN,
  INVOICE_REF_PATTERN,
  InvoiceRef,
  ORDER_REF_PATTERN,
  OrderRef,
  OS_IMAGE_REF_PATTERN,
  OsImageRef,
  PERIOD_REF_PATTERN,
  PeriodRef,
  PLAN_REF_PATTERN,
  PlanRef,
  REGION_REF_PATTERN,
  RegionRef,
  RuleId,
  SERVICE_REF_PATTERN,
  ServiceRef,
  TRANSACTION_REF_PATTERN,
  TransactionRef,
} from './refs';
export {
  isOrderPlan,
  ORDER_OPERATION,
  type OrderPlan,
  PLANNABLE_OPERATIONS,
  type PlannableOperation,
  PlanPricedFrom,
  PlanQuote,
  REQUEST_PLAN_TTL_SECONDS,
  REQUEST_PLAN_VERSION,
  RequestPlan,
  type RequestPlanOf,
  requestPlanJsonSchema,
  type UnsignedRequestPlan,
} from './request-plan';
export { SCOPES, Scope } from './scopes';
export {
  AutoRenewRequest,
  AutoRenewResponse,
  PowerAction,
  PowerRequest,
  PowerResponse,
  Service,
  ServiceEnvelope,
  ServiceStats,
} from './service';
export {
  ShieldCapabilities,
  ShieldEntitlement,
  ShieldEvidence,
  ShieldEvidenceItem,
  ShieldOverview,
  ShieldPreset,
  ShieldProfile,
  ShieldProfileMutation,
  ShieldProfileState,
  ShieldProfileStateValue,
  ShieldRule,
  ShieldRuleIntent,
  ShieldRuleMutation,
  ShieldRulePage,
  ShieldTelemetry,
  ShieldTelemetryItem,
  ShieldTelemetryTotals,
} from './shield';
export {
  isBroadRule,
  isNetworkPrefix,
  type ShieldRuleRefusalCode,
  type ShieldRuleShape,
  shieldRuleRefusal,
} from './shield-rule-checks';
export {
  EMERGENCY_RULE_NAME,
  type LabelledRule,
  type MatchedRule,
  shieldRuleLabel,
  shieldRuleMatch,
} from './shield-rule-labels';
export { isFreeText } from './unsafe-chars';
export {
  ACCOUNT_STATUSES,
  CURRENCIES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  INVOICE_TRANSACTION_KINDS,
  ORDER_STATUSES,
  ORDER_TYPES,
  PERIOD_UNITS,
  POWER_ACTIONS,
  SERVICE_POWER_STATES,
  SERVICE_STATUSES,
  SERVICE_TYPES,
  SHIELD_EVIDENCE_ACTIONS,
  SHIELD_EVIDENCE_PROTOCOLS,
  SHIELD_EVIDENCE_REASONS,
  SHIELD_EXPORT_DATASETS,
  SHIELD_EXPORT_FORMATS,
  SHIELD_PRESET_CODES,
  SHIELD_PROFILE_CODES,
  SHIELD_PROFILE_STATES,
  SHIELD_PROTOCOLS,
  SHIELD_RULE_ACTIONS,
  SHIELD_RULE_ERROR_CODES,
  SHIELD_RULE_MODES,
  SHIELD_RULE_RISKS,
  SHIELD_RULE_STATES,
  TELEMETRY_GROUP_BY,
  TRANSACTION_KINDS,
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
} from './values';
