import { ShieldTrafficQuery, ShieldWindowQuery } from '@refapi/schema';
import { type ApiRequest, type ApiResponse, jsonResponse } from '../api/api-request';
import { parseInput, queryObject } from '../api/input-validation';
import { DomainError, notFound } from '../domain/errors';
import { resolveEntitlement } from '../domain/shield/entitlement';
import { generateTelemetry } from '../domain/shield/telemetry';
import type { Admin } from '../state/control-plane';
import { ADMIN_PATH_TEMPLATES, matchAdminPath, type ShieldTelemetryDataset } from './admin-paths';

const DATASETS: readonly string[] = [
  'traffic',
  'protection-activity',
] satisfies ShieldTelemetryDataset[];

/** The account, service and dataset of a Shield telemetry path, as sent; else undefined. */
function telemetryPath(path: string) {
  const values = matchAdminPath(ADMIN_PATH_TEMPLATES.shieldTelemetry, path);
  return values !== undefined && isDataset(values) ? values : undefined;
}

const isDataset = (values: Readonly<Record<string, string>>): boolean =>
  values.dataset !== undefined && DATASETS.includes(values.dataset);

/** A path segment percent-decoded; undefined when it is not valid percent-encoding. */
function decodeSegment(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** The admin route of a Shield telemetry path's values (GET only); undefined for other datasets. */
export function shieldTelemetryRoute(
  values: Readonly<Record<string, string>>,
):
  | Record<string, (call: { deps: { admin: Admin }; request: ApiRequest }) => ApiResponse>
  | undefined {
  if (!isDataset(values)) return undefined;
  return {
    GET: ({ deps, request }: { deps: { admin: Admin }; request: ApiRequest }) =>
      adminShieldTelemetry(deps.admin, request.path, request.search),
  };
}

/**
 * `GET /__admin/accounts/:account_ref/services/:service_ref/shield/traffic?window_hours&group_by`
 * and `…/shield/protection-activity?window_hours`: the same numbers the customer API answers
 * for that account and service (the web console's charts), read-only, with the admin
 * credentials instead of a customer key. Same checks as the customer API: a KVM service with
 * an address owned by the account (else 404), a Shield entitlement on the server clock (else
 * 403 `shield_advanced_required`), an active service (else 409), a window within the
 * entitlement's analyzer hours (else 400).
 */
export function adminShieldTelemetry(admin: Admin, path: string, search: string): ApiResponse {
  const match = telemetryPath(path);
  if (match === undefined) throw notFound();
  const accountRef = decodeSegment(match.account_ref!);
  const serviceRef = decodeSegment(match.service_ref!);
  const dataset = match.dataset as ShieldTelemetryDataset;
  // Malformed percent-encoding names nothing there is.
  if (accountRef === undefined || serviceRef === undefined) throw notFound();
  // A repeated parameter of the dataset's query is 400, as on the customer API.
  const query =
    dataset === 'traffic'
      ? parseInput(ShieldTrafficQuery, queryObject(search, ShieldTrafficQuery), 'query')
      : {
          ...parseInput(ShieldWindowQuery, queryObject(search, ShieldWindowQuery), 'query'),
          group_by: undefined,
        };
  const state = admin.state();
  const account = state.accounts.find((a) => a.account_ref === accountRef);
  const service = account?.services.find((s) => s.service_ref === serviceRef && !s.reseller);
  if (account === undefined || service === undefined) throw notFound();
  if (service.type !== 'kvm' || !service.primary_ip) throw notFound();
  const now = new Date(admin.clock.now().now);
  const entitlement = resolveEntitlement(account.shield, now);
  if (entitlement === null) throw new DomainError(403, 'shield_advanced_required');
  if (service.status !== 'active') {
    throw new DomainError(409, 'service_not_active', { conflictStatus: service.status });
  }
  if (query.window_hours > entitlement.analyzer_hours) {
    throw new DomainError(400, 'invalid_query: window_hours');
  }
  const body = generateTelemetry({
    service_ref: service.service_ref,
    addresses: [service.primary_ip, ...(service.ip_addresses ?? [])],
    telemetry: dataset,
    window_hours: query.window_hours,
    ...(query.group_by === undefined ? {} : { group_by: query.group_by }),
    now,
  });
  return jsonResponse(200, body);
}
