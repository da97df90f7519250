// The closed value sets of the contract as plain data, in a module without zod, so tools
// can list them (CLI help, shell completion) without loading zod. The schemas build their
// enums from these lists.

/** The three currencies the API knows. */
export const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;

/** Service types that can be ordered and filtered in the catalog. */
export const SERVICE_TYPES = [
  'kvm',
  'dedicated',
  'dedicated_server',
  'game',
  'storage_box',
  's3',
  'ip_subnet',
] as const;

/** KVM power actions. */
export const POWER_ACTIONS = ['start', 'stop', 'reboot'] as const;

/** The four protection profile codes. */
export const SHIELD_PROFILE_CODES = ['off', 'low', 'default', 'strict'] as const;

/** States a profile bundle moves through (the SDK's `waitFor` branches on them). */
export const SHIELD_PROFILE_STATES = [
  'off',
  'applying',
  'active',
  'rolling_back',
  'failed',
] as const;

/** Modes of a custom Shield rule. */
export const SHIELD_RULE_MODES = ['observe', 'enforce'] as const;
/** Actions of a custom Shield rule. */
export const SHIELD_RULE_ACTIONS = ['pass', 'drop', 'rate_limit'] as const;
/** Risk levels of a custom Shield rule. */
export const SHIELD_RULE_RISKS = ['low', 'medium', 'high', 'critical'] as const;
/** Protocols of a custom Shield rule. */
export const SHIELD_PROTOCOLS = ['any', 'tcp', 'udp', 'icmp', 'icmpv6'] as const;

/** Traffic grouping keys. */
export const TELEMETRY_GROUP_BY = [
  'source_ip',
  'destination_ip',
  'protocol',
  'source_port',
  'destination_port',
  'tcp_flags',
] as const;

/** Datasets of the Shield export. */
export const SHIELD_EXPORT_DATASETS = ['traffic', 'protection_activity'] as const;
/** Formats of the Shield export. */
export const SHIELD_EXPORT_FORMATS = ['json', 'csv'] as const;
/** Verdicts of Shield evidence samples. */
export const SHIELD_EVIDENCE_ACTIONS = ['drop', 'rate_limit'] as const;

/** Preset codes the reference server offers (a reference-server decision; the spec leaves them open). */
export const SHIELD_PRESET_CODES = [
  'block-udp-amplification',
  'allow-web-only',
  'rate-limit-syn',
] as const;

// The value sets the spec leaves open ("the value set is open") and the reference server
// decides. Response types name them as open unions (`OpenEnum`): an editor completes and
// narrows them, while a value a newer server adds still parses and still type-checks.

/** Account statuses the reference server uses; only `active` may order. */
export const ACCOUNT_STATUSES = ['active'] as const;

/** Service statuses the reference server uses: renewals suspend, ends expire or cancel. */
export const SERVICE_STATUSES = ['active', 'suspended', 'cancelled', 'expired'] as const;

/** Power states the reference server keeps on KVM services (`power_state`). */
export const SERVICE_POWER_STATES = ['running', 'stopped'] as const;

/** Units of a service's last billing period (`last_period_unit`) the reference server uses. */
export const PERIOD_UNITS = ['month'] as const;

/** Order statuses the reference server uses: an order is atomic, so it is completed. */
export const ORDER_STATUSES = ['completed'] as const;

/** Order types the reference server uses. */
export const ORDER_TYPES = ['new_service'] as const;

/** Invoice statuses the reference server uses. */
export const INVOICE_STATUSES = ['paid', 'unpaid', 'cancelled'] as const;

/** Invoice kinds the reference server uses. */
export const INVOICE_KINDS = ['service_order', 'service_renewal'] as const;

/** Ledger directions of an invoice (`transaction_kind`) the reference server uses. */
export const INVOICE_TRANSACTION_KINDS = ['debit'] as const;

/** Ledger transaction kinds the reference server uses. */
export const TRANSACTION_KINDS = ['top_up', 'service_order', 'service_renewal'] as const;

/** Ledger transaction statuses the reference server uses. */
export const TRANSACTION_STATUSES = ['completed'] as const;

/** Payment methods of ledger transactions the reference server uses. */
export const TRANSACTION_METHODS = ['balance', 'card', 'bank_transfer', 'admin'] as const;

/** States of a Shield rule in the reference server: queued → applying → active or failed. */
export const SHIELD_RULE_STATES = [
  'queued',
  'applying',
  'active',
  'failed',
  'rolling_back',
] as const;

/** Error codes the reference server reports on a failed Shield rule (`last_error_code`). */
export const SHIELD_RULE_ERROR_CODES = ['apply_failed'] as const;

/** Protocols of Shield evidence samples the reference server reports. */
export const SHIELD_EVIDENCE_PROTOCOLS = ['tcp', 'udp', 'icmp', 'icmpv6'] as const;

/** Reasons of Shield evidence samples the reference server reports. */
export const SHIELD_EVIDENCE_REASONS = ['rule_match', 'rate_exceeded', 'burst_exceeded'] as const;

// Plain constants too: refctl's config commands mask keys, its lists cap their page size,
// and its flag errors name the patterns in words, without loading the contract.
export {
  API_KEY_PREFIX,
  IDEMPOTENCY_KEY_PATTERN,
  LIMITS,
  SERVICE_FILTER_PATTERN,
} from './limits';
