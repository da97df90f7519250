import { z } from 'zod';
import { LIMITS } from './limits';
import { queryInt } from './query-int';
import {
  SHIELD_EVIDENCE_ACTIONS,
  SHIELD_EXPORT_DATASETS,
  SHIELD_EXPORT_FORMATS,
  TELEMETRY_GROUP_BY,
} from './values';

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
