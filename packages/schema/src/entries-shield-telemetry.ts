import { SHIELDED } from './entries-services';
import { RULE } from './entries-shield-rules';
import { LIMITS } from './limits';
import { defineEntries } from './operation-entry';
import { GROUP_BY, WINDOW } from './parameter-text';

/** A service's Shield telemetry: traffic, protection activity, exports and rule evidence. */
export const SHIELD_TELEMETRY_ENTRIES = defineEntries({
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
    schemas: {
      pathParams: 'params.ServicePathParams',
      query: 'params.ShieldTrafficQuery',
      success: 'shield.ShieldTelemetry',
    },
    description:
      'Aggregates the traffic of the last `window_hours`, grouped by `group_by`, into at most 100 items. Results are cached for `cache_seconds`.',
    parameters: { service_ref: SHIELDED, window_hours: WINDOW, group_by: GROUP_BY },
    mcp: { tool: 'shield_traffic' },
    sdk: 'shield.traffic',
    refctl: 'shield traffic',
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
    schemas: {
      pathParams: 'params.ServicePathParams',
      query: 'params.ShieldWindowQuery',
      success: 'shield.ShieldTelemetry',
    },
    description:
      'Aggregates the protection verdicts of the last `window_hours`. Verdict categories are normalized; they are not an attack classification.',
    parameters: { service_ref: SHIELDED, window_hours: WINDOW },
    mcp: { tool: 'shield_protection_activity' },
    sdk: 'shield.protectionActivity',
    refctl: 'shield activity',
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
    schemas: {
      pathParams: 'params.ServicePathParams',
      query: 'params.ShieldExportQuery',
      success: 'shield.ShieldTelemetry',
    },
    description:
      'Exports the traffic or protection-activity dataset as JSON (the telemetry object) or as CSV with columns `key,packets,bytes,samples` and formula-safe cells.',
    parameters: {
      service_ref: SHIELDED,
      window_hours: WINDOW,
      group_by: GROUP_BY,
      dataset: 'Which telemetry to export.',
      format: 'json (telemetry) or csv (formula-safe text).',
    },
    mcp: { tool: 'shield_export' },
    sdk: 'shield.export',
    refctl: 'shield export',
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
    schemas: {
      pathParams: 'params.RulePathParams',
      query: 'params.ShieldEvidenceQuery',
      success: 'shield.ShieldEvidence',
    },
    description:
      'Pages through sanitized samples of the packets a rule acted on: addresses, ports, protocol and action, never payloads.',
    parameters: {
      service_ref: SHIELDED,
      rule_id: RULE,
      limit: `Samples per page, 1 to ${LIMITS.evidencePageSizeMax} (default ${LIMITS.evidencePageSizeDefault}).`,
      action: 'Only samples with this verdict.',
      cursor: 'The next_cursor of the previous page. Omit it for the first page.',
    },
    mcp: { tool: 'shield_rules_evidence' },
    sdk: 'shield.evidence',
    refctl: 'shield evidence',
  },
});
