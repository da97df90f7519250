import type { OperationId } from './contract';

// Prose of the OpenAPI document (Redoc, Swagger UI, generated clients' doc comments).
// Typed by the contract, so a new operation without a description fails to compile.

/** Tag of each operation group, with its description, in display order. */
export const OPENAPI_TAGS = [
  { name: 'me', description: 'The identity of the account the API key belongs to.' },
  {
    name: 'balance',
    description:
      'The prepaid balance in the account currency, optionally converted to a display currency.',
  },
  { name: 'invoices', description: 'Invoices of the account, newest reference first.' },
  {
    name: 'orders',
    description: 'Past orders, and buying one service from the balance with an idempotency key.',
  },
  {
    name: 'transactions',
    description: 'The ledger: every debit and credit of the balance, with redacted descriptions.',
  },
  {
    name: 'services',
    description:
      'Owned primary services (reseller services are excluded): inventory, counts, automatic renewal and KVM power.',
  },
  {
    name: 'shield',
    description:
      'The Shield DDoS-protection facade of one directly owned KVM service. Needs an active or in-grace Advanced subscription; mutations are queued (202) and observed by reading rule or profile state.',
  },
  { name: 'plans', description: 'The saleable plan catalog with account-currency prices.' },
] as const;

/** Name of an OpenAPI tag. */
export type OpenApiTag = (typeof OPENAPI_TAGS)[number]['name'];

/** Long description of each operation (the contract's `summary` stays the one-liner). */
export const OPERATION_DESCRIPTIONS: Record<OperationId, string> = {
  getAccount: 'Returns the identity of the account the API key is bound to.',
  getBalance:
    'Returns the balance in the authoritative account currency. With `display_currency`, `display` adds an informational conversion that is never used to charge.',
  listInvoices:
    'Pages through the invoices in descending `invoice_ref` order. Pass `pagination.next_cursor` of one page as `cursor` to get the next.',
  listOrders:
    'Pages through the orders in descending `order_ref` order. Linked references appear only when they belong to the account.',
  createOrder:
    'Reprices the plan on the server, checks the account-currency balance, then creates the invoice, the service, the order and the ledger debit in one step. A repeat with the same `Idempotency-Key` and body replays the stored response (`Idempotent-Replayed: true`); a different body with the same key is 409 `idempotency_key_reused`.',
  listTransactions:
    'Pages through the ledger in descending `transaction_ref` order; descriptions are redacted.',
  listServices:
    'Pages through the primary services in descending `service_ref` order, optionally filtered by `type` and `status`. Reseller storefront services are never listed.',
  getServiceStats:
    'Counts the primary services in total, active, by type and by status. `stats` is a fixed path, not a service reference.',
  getService:
    'Returns one service of the account. A reference that does not exist and one of another account both answer 404.',
  setServiceAutoRenew:
    'Sets the desired automatic-renewal state. Setting the value already held answers `changed: false`; a cancelled or expired service answers 409.',
  powerService:
    'Starts, stops or reboots a KVM service through the provider. Other service types answer 409 `power_not_supported`; a provider rejection or failure answers 502.',
  getShieldOverview:
    'Returns the entitlement, the rules, the preset and profile descriptors and the current profile of one KVM service in one read.',
  getShieldCapabilities:
    'Returns the entitlement and the versioned preset and profile descriptors that can be applied.',
  listShieldRules:
    'Lists the sanitized rules of the service with their state (`queued`, `applying`, `active`, `failed`, `rolling_back`). Provider identifiers are never returned.',
  createShieldRule:
    'Validates the rule as a DDoS provider would and against the quotas, then queues it for the owned service IP, which the server injects. `source_cidr` must be a real IPv4/IPv6 prefix without host bits and `tcp_flags_value` stay inside `tcp_flags_mask` (400 `invalid_body: <field>`); 422 `rate_limit_needs_rate` (a `rate_limit` rule without `rate_pps`/`rate_bps`), `rate_only_for_rate_limit` (rate fields on another action), `tcp_flags_need_tcp`, `broad_rule_needs_ack` (an enforced `drop`/`rate_limit` rule on every port from everywhere without `explicit_broad_ack: true`; observe mode needs none). The rule moves `queued` → `applying` → `active`; poll the rule list to follow it.',
  deleteShieldRule:
    'Queues the rollback of the rule, or of its complete profile bundle when the rule belongs to a profile. The rule leaves the list once rolled back.',
  applyShieldPreset:
    'Queues one of the provider presets (`block-udp-amplification`, `allow-web-only`, `rate-limit-syn`) as a rule.',
  applyShieldProfile:
    'Replaces the customer-managed profile bundle with the requested profile, atomically. A partial failure rolls the whole bundle back; `off` never touches emergency infrastructure controls.',
  getShieldTraffic:
    'Aggregates the traffic of the last `window_hours`, grouped by `group_by`, into at most 100 items. Results are cached for `cache_seconds`.',
  getShieldProtectionActivity:
    'Aggregates the protection verdicts of the last `window_hours`. Verdict categories are normalized; they are not an attack classification.',
  exportShieldTelemetry:
    'Exports the traffic or protection-activity dataset as JSON (the telemetry object) or as CSV with columns `key,packets,bytes,samples` and formula-safe cells.',
  getShieldRuleEvidence:
    'Pages through sanitized samples of the packets a rule acted on: addresses, ports, protocol and action, never payloads.',
  listPlans:
    'Pages through the saleable plans with their price in the account currency, optionally converted to a display currency and filtered by service `type`.',
};
