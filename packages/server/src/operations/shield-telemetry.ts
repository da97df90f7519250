import type { ShieldTelemetry, TelemetryGroupBy } from '@refapi/schema';
import { DomainError } from '../domain/errors';
import { telemetryCsv } from '../domain/shield/csv';
import { generateTelemetry } from '../domain/shield/telemetry';
import type { ShieldAccess } from './shield-access';
import { shieldAccess } from './shield-access';
import type { OperationImpls } from './types';

const READ = { activeService: true } as const;

function telemetry(
  access: ShieldAccess,
  kind: ShieldTelemetry['telemetry'],
  windowHours: number,
  groupBy?: TelemetryGroupBy,
): ShieldTelemetry {
  // The schema caps the window at 720 h; the entitlement may allow less.
  if (windowHours > access.entitlement.analyzer_hours) {
    throw new DomainError(400, 'invalid_query: window_hours');
  }
  const addresses = [access.target.protected_ip, ...(access.service.ip_addresses ?? [])];
  return generateTelemetry({
    service_ref: access.target.service_ref,
    addresses,
    telemetry: kind,
    window_hours: windowHours,
    ...(groupBy !== undefined ? { group_by: groupBy } : {}),
    now: new Date(access.now),
  });
}

/** `attachment` with a name saying what the file holds; refs and codes are filename-safe. */
const attachment = (name: string) => ({ 'content-disposition': `attachment; filename="${name}"` });

/** Shield telemetry: traffic, protection activity, export as JSON or formula-safe CSV. */
export const shieldTelemetryOperations = {
  getShieldTraffic(call, ctx) {
    const access = shieldAccess(call, ctx, READ);
    const body = telemetry(access, 'traffic', call.query.window_hours, call.query.group_by);
    return { status: 200, body };
  },

  getShieldProtectionActivity(call, ctx) {
    const access = shieldAccess(call, ctx, READ);
    const body = telemetry(access, 'protection-activity', call.query.window_hours);
    return { status: 200, body };
  },

  exportShieldTelemetry(call, ctx) {
    const access = shieldAccess(call, ctx, READ);
    const { dataset, format, window_hours, group_by } = call.query;
    const body =
      dataset === 'traffic'
        ? telemetry(access, 'traffic', window_hours, group_by)
        : telemetry(access, 'protection-activity', window_hours);
    const name = `${access.target.service_ref}-${dataset}-${window_hours}h.${format}`;
    if (format === 'json') return { status: 200, body, headers: attachment(name) };
    return {
      status: 200,
      text: telemetryCsv(body.items),
      headers: { 'content-type': 'text/csv; charset=utf-8', ...attachment(name) },
    };
  },
} satisfies Partial<OperationImpls>;
