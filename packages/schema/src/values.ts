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

// Plain constants too: refctl's config commands mask keys, and its lists cap their page
// size, without loading the contract.
export { API_KEY_PREFIX, LIMITS } from './limits';
