import type { OperationId, Operations } from './contract';
import { LIMITS } from './limits';
import { type RouteId, routes } from './routes';

// What each input of each operation means, written once and read by the OpenAPI document
// (parameter and request-body descriptions), the MCP tools' input schemas and refctl's
// help. Plain strings in a module without zod, so a CLI can show them without building a
// schema; typed by the contract, so a parameter without a description (or a description
// of a parameter that does not exist) fails to compile.
//
// A description names another operation as `{operationId}`; each reader renders it in its
// own terms: the OpenAPI document as `GET /plans`, the MCP tools as `plans_list`.

type FieldNames<S> = S extends { readonly shape: infer Shape }
  ? Extract<keyof Shape, string>
  : never;
type InputOf<
  K extends OperationId,
  F extends 'pathParams' | 'query' | 'body',
> = Operations[K] extends { readonly [P in F]: infer S } ? FieldNames<S> : never;

/** The path, query and body field names of an operation. */
export type ParameterName<K extends OperationId> =
  | InputOf<K, 'pathParams'>
  | InputOf<K, 'query'>
  | InputOf<K, 'body'>;

type DescriptionTable = {
  readonly [K in OperationId]: { readonly [P in ParameterName<K>]: string };
};

const SERVICE = 'Reference of an owned service (REF-SVC-…), from {listServices}.';
const KVM = 'Reference of an owned KVM service (REF-SVC-…), from {listServices}.';
const SHIELDED =
  'Reference of an owned KVM service with Shield Advanced (REF-SVC-…), from {listServices}.';
const RULE = 'The id (UUID) of a Shield rule of the service, from {listShieldRules}.';
const LIMIT = `Items per page, ${LIMITS.pageSizeMin} to ${LIMITS.pageSizeMax} (default ${LIMITS.pageSizeDefault}).`;
const cursor = (what: string, ref: string) =>
  `Continue after this ${what}: the next_cursor of the previous page (a ${ref} reference). Omit it for the first page.`;
const WINDOW = `The window: the last N hours, ${LIMITS.windowHoursMin} to ${LIMITS.windowHoursMax} (default ${LIMITS.windowHoursDefault}); the entitlement's analyzer_hours may allow fewer.`;
const GROUP_BY = 'What to aggregate the traffic by (default source_ip).';

/** The description of every path, query and body parameter, by operation. */
export const PARAMETER_DESCRIPTIONS: DescriptionTable = {
  getAccount: {},
  getBalance: {
    display_currency:
      'Also convert the balance into this currency, as `display` (informational; never charged).',
  },
  listInvoices: { limit: LIMIT, cursor: cursor('invoice', 'REF-INV-…') },
  listOrders: { limit: LIMIT, cursor: cursor('order', 'REF-ORD-…') },
  createOrder: {
    type: 'The service type of the plan (its service_type in {listPlans}).',
    plan_code: 'A plan code from {listPlans}, like kvm-s.',
    os_name: 'An OS image of the plan by name, from {listPlans} (or give os_image_ref).',
    windows: 'Install a Windows image of the plan (default false).',
    ipv6_only: 'Order it without an IPv4 address (default false).',
    os_image_ref: 'An OS image of the plan (REF-OS-…), from {listPlans}.',
    period_ref:
      "A billing period of the plan (REF-PERIOD-…), from {listPlans}; without it, the plan's default period.",
    region_ref: 'A region of the plan (REF-REGION-…), from {listPlans}.',
    addons:
      'Addons of the plan to order with it: addon_ref (REF-ADDON-…, from {listPlans}) and units.',
    quote_version:
      'The quote version the caller priced (informational: the server always reprices).',
  },
  listTransactions: { limit: LIMIT, cursor: cursor('transaction', 'REF-TXN-…') },
  listServices: {
    limit: LIMIT,
    cursor: cursor('service', 'REF-SVC-…'),
    type: 'Only services of this type, like kvm (lowercase letters, digits, _ and -; up to 32).',
    status: 'Only services in this status, like active (same format as type).',
  },
  getServiceStats: {},
  getService: { service_ref: SERVICE },
  setServiceAutoRenew: {
    service_ref: SERVICE,
    enabled:
      'true: renew at the end of each period (charging the balance then); false: let it expire.',
  },
  powerService: {
    service_ref: KVM,
    action: 'start, stop (cuts power to the running server) or reboot.',
  },
  getShieldOverview: { service_ref: SHIELDED },
  getShieldCapabilities: { service_ref: SHIELDED },
  listShieldRules: { service_ref: SHIELDED },
  createShieldRule: {
    service_ref: SHIELDED,
    name: 'A name for the rule.',
    mode: 'observe: only watch matching traffic; enforce: apply the action to it.',
    action:
      'What to do with matching traffic; rate_limit needs rate_pps or rate_bps (422 rate_limit_needs_rate).',
    risk: 'The risk level given to the rule.',
    protocol: 'The protocol the rule matches (any: every protocol).',
    source_cidr:
      'Only traffic from this IPv4 or IPv6 address or prefix, like 198.51.100.0/24, with no host bits set past the prefix (else 400).',
    destination_port: 'Only traffic to this port.',
    tcp_flags_mask:
      'TCP flags to test, as a bit mask; with tcp_flags_value; protocol tcp only (422 tcp_flags_need_tcp).',
    tcp_flags_value:
      'The values the masked TCP flags must have; no bits outside tcp_flags_mask (else 400).',
    rate_pps:
      'Rate limit in packets per second; action rate_limit only (422 rate_only_for_rate_limit).',
    rate_bps:
      'Rate limit in bits per second; action rate_limit only (422 rate_only_for_rate_limit).',
    burst_packets: 'Packets allowed in a burst above the rate; action rate_limit only.',
    duration_hours: 'Hours until the rule expires; 0 or absent: it does not expire.',
    explicit_broad_ack:
      'true to confirm a broad rule: enforced drop or rate_limit on every port from everywhere (no source prefix, or a /0) is refused without it (422 broad_rule_needs_ack); observe mode needs none.',
  },
  deleteShieldRule: { service_ref: SHIELDED, rule_id: RULE },
  applyShieldPreset: {
    service_ref: SHIELDED,
    preset_code: 'A preset code from {getShieldCapabilities}, like block-udp-amplification.',
  },
  applyShieldProfile: {
    service_ref: SHIELDED,
    profile_code: 'The profile to apply; off removes the customer-managed bundle.',
  },
  getShieldTraffic: { service_ref: SHIELDED, window_hours: WINDOW, group_by: GROUP_BY },
  getShieldProtectionActivity: { service_ref: SHIELDED, window_hours: WINDOW },
  exportShieldTelemetry: {
    service_ref: SHIELDED,
    window_hours: WINDOW,
    group_by: GROUP_BY,
    dataset: 'Which telemetry to export.',
    format: 'json (telemetry) or csv (formula-safe text).',
  },
  getShieldRuleEvidence: {
    service_ref: SHIELDED,
    rule_id: RULE,
    limit: `Samples per page, 1 to ${LIMITS.evidencePageSizeMax} (default ${LIMITS.evidencePageSizeDefault}).`,
    action: 'Only samples with this verdict.',
    cursor: 'The next_cursor of the previous page. Omit it for the first page.',
  },
  listPlans: {
    limit: LIMIT,
    cursor: cursor('plan', 'REF-PLAN-…'),
    display_currency:
      'Also price each plan in this currency, as display_price (informational; orders are charged in the account currency).',
    type: 'Only plans of this service type; without it, every saleable type.',
  },
};

/** How a description names another operation. */
export type OperationNamer = (operationId: RouteId) => string;

/** `GET /plans`: how the API document names an operation. */
const methodAndPath: OperationNamer = (id) => `${routes[id].method} ${routes[id].path}`;

/**
 * The description of one input (path, query or body field) of an operation, or undefined
 * for a name the operation does not take. Other operations are named by `nameOperation`
 * (by default `GET /plans`; the MCP tools pass their tool names).
 * @example parameterDescription('createOrder', 'plan_code') // 'A plan code from GET /plans, like kvm-s.'
 */
export function parameterDescription(
  operationId: RouteId,
  name: string,
  nameOperation: OperationNamer = methodAndPath,
): string | undefined {
  const table: Readonly<Record<string, string>> = PARAMETER_DESCRIPTIONS[operationId];
  if (!Object.hasOwn(table, name)) return undefined;
  return table[name]?.replace(/\{(\w+)\}/g, (_, id: string) => nameOperation(id as RouteId));
}
