import { z } from 'zod';
import { Currency, ServiceType, ShieldProfileCode } from './common';
import { LIMITS } from './limits';
import { InvoiceRef, OrderRef, PlanRef, RuleId, ServiceRef, TransactionRef } from './refs';
import { IDEMPOTENCY_KEY_PATTERN } from './routes';
import {
  SHIELD_EVIDENCE_ACTIONS,
  SHIELD_EXPORT_DATASETS,
  SHIELD_EXPORT_FORMATS,
  TELEMETRY_GROUP_BY,
} from './values';

/** Pattern of an integer query value: plain decimal digits (a `-` only where negatives are valid). */
const QUERY_INT_PATTERN = /^\d{1,15}$/;
const SIGNED_QUERY_INT_PATTERN = /^-?\d{1,15}$/;

// Query values arrive as strings: only plain decimal digits are numbers (no `0x10`, `1e1`,
// `+5` or padding, which `Number()` would take), then bounded. Callers in code may pass a
// number. The output side (what the OpenAPI document shows) is the bounded integer.
const queryInt = (min: number, max: number, fallback: number) =>
  z
    .union([z.int(), z.string().regex(min < 0 ? SIGNED_QUERY_INT_PATTERN : QUERY_INT_PATTERN)])
    .transform(Number)
    .pipe(z.int().min(min).max(max))
    .default(fallback);

/** `limit` of the lists: 1..100, default 50. */
export const PageLimit = queryInt(LIMITS.pageSizeMin, LIMITS.pageSizeMax, LIMITS.pageSizeDefault);

/** `display_currency`: an informational conversion. */
export const DisplayCurrencyQuery = z.object({ display_currency: Currency.optional() });

/** Query of GET /balance. */
export const BalanceQuery = DisplayCurrencyQuery;

const listQuery = <T extends z.ZodType>(cursor: T) =>
  z.object({ limit: PageLimit, cursor: cursor.optional() });

/** Query of GET /invoices. */
export const ListInvoicesQuery = listQuery(InvoiceRef);
/** Query of GET /orders. */
export const ListOrdersQuery = listQuery(OrderRef);
/** Query of GET /transactions. */
export const ListTransactionsQuery = listQuery(TransactionRef);

/** Pattern of the `type` and `status` filters of GET /services. */
export const SERVICE_FILTER_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;

/** Query of GET /services. */
export const ListServicesQuery = listQuery(ServiceRef).extend({
  type: z.string().regex(SERVICE_FILTER_PATTERN).optional(),
  status: z.string().regex(SERVICE_FILTER_PATTERN).optional(),
});

/** Query of GET /plans. */
export const ListPlansQuery = listQuery(PlanRef).extend({
  display_currency: Currency.optional(),
  type: ServiceType.optional(),
});

/** `window_hours`: 1..720, default 1, further bounded by the entitlement. */
export const WindowHours = queryInt(
  LIMITS.windowHoursMin,
  LIMITS.windowHoursMax,
  LIMITS.windowHoursDefault,
);

/** Traffic grouping keys. */
export const TelemetryGroupBy = z.enum(TELEMETRY_GROUP_BY);

/** Query of GET …/shield/protection-activity. */
export const ShieldWindowQuery = z.object({ window_hours: WindowHours });

/** Query of GET …/shield/traffic. */
export const ShieldTrafficQuery = ShieldWindowQuery.extend({
  group_by: TelemetryGroupBy.default('source_ip'),
});

/** Query of GET …/shield/export. */
export const ShieldExportQuery = ShieldTrafficQuery.extend({
  dataset: z.enum(SHIELD_EXPORT_DATASETS),
  format: z.enum(SHIELD_EXPORT_FORMATS),
});

/** Query of GET …/shield/rules/{rule_id}/evidence. */
export const ShieldEvidenceQuery = z.object({
  limit: queryInt(1, LIMITS.evidencePageSizeMax, LIMITS.evidencePageSizeDefault),
  action: z.enum(SHIELD_EVIDENCE_ACTIONS).optional(),
  cursor: z.string().min(1).max(LIMITS.evidenceCursorLengthMax).optional(),
});

/** Path parameters of every `/services/{service_ref}…` operation. */
export const ServicePathParams = z.object({ service_ref: ServiceRef });
/** Path parameters of the rule operations. */
export const RulePathParams = ServicePathParams.extend({ rule_id: RuleId });
/** Path parameters of POST …/shield/presets/{preset_code}. */
export const PresetPathParams = ServicePathParams.extend({
  preset_code: z.string().min(1).max(64),
});
/** Path parameters of POST …/shield/profiles/{profile_code}. */
export const ProfilePathParams = ServicePathParams.extend({ profile_code: ShieldProfileCode });

/** The `Idempotency-Key` header value. */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(LIMITS.idempotencyKeyLengthMax)
  .regex(IDEMPOTENCY_KEY_PATTERN);

/** Query of GET /balance. */
export type BalanceQuery = z.input<typeof BalanceQuery>;
/** Query of GET /invoices. */
export type ListInvoicesQuery = z.input<typeof ListInvoicesQuery>;
/** Query of GET /orders. */
export type ListOrdersQuery = z.input<typeof ListOrdersQuery>;
/** Query of GET /transactions. */
export type ListTransactionsQuery = z.input<typeof ListTransactionsQuery>;
/** Query of GET /services. */
export type ListServicesQuery = z.input<typeof ListServicesQuery>;
/** Query of GET /plans. */
export type ListPlansQuery = z.input<typeof ListPlansQuery>;
/** Query of GET …/shield/protection-activity. */
export type ShieldWindowQuery = z.input<typeof ShieldWindowQuery>;
/** Query of GET …/shield/traffic. */
export type ShieldTrafficQuery = z.input<typeof ShieldTrafficQuery>;
/** Query of GET …/shield/export. */
export type ShieldExportQuery = z.input<typeof ShieldExportQuery>;
/** Query of GET …/shield/rules/{rule_id}/evidence. */
export type ShieldEvidenceQuery = z.input<typeof ShieldEvidenceQuery>;
/** A traffic grouping key. */
export type TelemetryGroupBy = z.infer<typeof TelemetryGroupBy>;
