import { z } from 'zod';
import { DateTime, IpAddress, ShieldProfileCode } from './common';
import { FreeText } from './free-text';
import { LIMITS } from './limits';
import { openEnum } from './open-enum';
import { RuleId, ServiceRef } from './refs';
import { isNetworkPrefix } from './shield-rule-checks';
import {
  SHIELD_EVIDENCE_ACTIONS,
  SHIELD_EVIDENCE_PROTOCOLS,
  SHIELD_EVIDENCE_REASONS,
  SHIELD_PRESET_CODES,
  SHIELD_PROFILE_STATES,
  SHIELD_PROTOCOLS,
  SHIELD_RULE_ACTIONS,
  SHIELD_RULE_ERROR_CODES,
  SHIELD_RULE_MODES,
  SHIELD_RULE_RISKS,
  SHIELD_RULE_STATES,
  TELEMETRY_GROUP_BY,
} from './values';

// Declaration output: each object schema is typed `z.ZodObject<typeof shape, …>` over a named
// shape, and a nested schema is asserted to its own type (`X as typeof X`), so that the
// published .d.ts names them; inferred, they are written out inline without the fields' doc
// comments, which an editor then cannot show.

// A fixed quota: the value is the limit, and its type is the spec's integer (a bare literal
// publishes `number` in the OpenAPI document, and generated clients type that as a float).
const quota = <const N extends number>(value: N) => z.literal(value).meta({ type: 'integer' });

const shieldEntitlementShape = {
  /** The subscription tier: `advanced`. */
  tier: z.literal('advanced'),
  /** `active`, or `grace` until `grace_ends_at`. */
  status: z.enum(['active', 'grace']),
  /** Rules allowed per protected IP (30). */
  rules_per_ip: quota(LIMITS.shieldRulesPerIp),
  /** Rules allowed per account (300). */
  rules_per_account: quota(LIMITS.shieldRulesPerAccount),
  /** `rate_limit` rules allowed per protected IP (10). */
  rate_rules_per_ip: quota(LIMITS.shieldRateRulesPerIp),
  /** Custom rules are included: always true. */
  custom_rules: z.literal(true),
  /** The customer API is included: always true. */
  customer_api: z.literal(true),
  /** Days of telemetry history (30). */
  history_days: quota(LIMITS.shieldHistoryDays),
  /** Hours the analyzer looks back (720). */
  analyzer_hours: quota(LIMITS.shieldAnalyzerHours),
  /** When the grace period ends (status `grace`). */
  grace_ends_at: DateTime.optional(),
  /** Whether Shield mutations are refused (409 with the reason as `status`). */
  mutations_blocked: z.boolean(),
  /** Why mutations are blocked. */
  mutation_blocked_reason: z.string().optional(),
};

/** The Advanced Shield entitlement of the account, with its fixed quotas. */
export const ShieldEntitlement: z.ZodObject<typeof shieldEntitlementShape, z.core.$strict> = z
  .strictObject(shieldEntitlementShape)
  .meta({ id: 'ShieldEntitlement' });

const shieldPresetShape = {
  /** The preset code, e.g. `block-udp-amplification`. The value set is open. */
  code: openEnum(SHIELD_PRESET_CODES),
  /** The preset's version. */
  version: z.string(),
  /** The preset's name. */
  name: z.string(),
  /** What the preset does. */
  description: z.string(),
};

/** A versioned preset descriptor. */
export const ShieldPreset: z.ZodObject<typeof shieldPresetShape, z.core.$strict> = z
  .strictObject(shieldPresetShape)
  .meta({ id: 'ShieldPreset' });

/** States a profile bundle moves through. */
export const ShieldProfileStateValue = z.enum(SHIELD_PROFILE_STATES);

const shieldProfileShape = {
  /** The profile code: `off`, `low`, `default` or `strict`. */
  code: ShieldProfileCode,
  /** The profile's version. */
  version: z.string(),
  /** The profile's name. */
  name: z.string(),
  /** What the profile does. */
  description: z.string(),
  /** Whether the account may apply the profile. */
  available: z.boolean(),
  /** Why the profile is not available. */
  unavailable_reason: z.literal('shield_advanced_required').optional(),
};

/** A versioned profile descriptor. */
export const ShieldProfile: z.ZodObject<typeof shieldProfileShape, z.core.$strict> = z
  .strictObject(shieldProfileShape)
  .meta({ id: 'ShieldProfile' });

const shieldProfileStateShape = {
  /** The selected profile's code. */
  code: ShieldProfileCode,
  /** Where its bundle stands: `off`, `applying`, `active`, `rolling_back` or `failed`. */
  state: ShieldProfileStateValue,
  /** The profile's version. */
  version: z.string().optional(),
};

/** The customer-managed profile currently selected and its state. */
export const ShieldProfileState: z.ZodObject<typeof shieldProfileStateShape, z.core.$strict> = z
  .strictObject(shieldProfileStateShape)
  .meta({ id: 'ShieldProfileState' });

const shieldProfileMutationShape = {
  /** The profile now selected and its state. */
  profile: ShieldProfileState as typeof ShieldProfileState,
};

/** Result of POST …/shield/profiles/{profile_code}. */
export const ShieldProfileMutation: z.ZodObject<typeof shieldProfileMutationShape, z.core.$strict> =
  z.strictObject(shieldProfileMutationShape).meta({ id: 'ShieldProfileMutation' });

/** Anything a person can see: not a space, a separator, a control or a format character (U+200B). */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{Z}\p{Cc}\p{Cf}]/u;

/**
 * Body of POST …/shield/rules: a custom rule. The protected address is injected by the
 * service. The combinations a provider refuses (rates only with `rate_limit`, TCP flags only
 * for TCP, broad enforced rules without `explicit_broad_ack`) are 422s: `shieldRuleRefusal`.
 */
export const ShieldRuleIntent = z
  .strictObject({
    name: FreeText.min(1)
      .max(LIMITS.shieldRuleNameLengthMax)
      .refine((name) => VISIBLE_CHARACTER.test(name), {
        message: 'must contain a visible character',
      }),
    mode: z.enum(SHIELD_RULE_MODES),
    action: z.enum(SHIELD_RULE_ACTIONS),
    risk: z.enum(SHIELD_RULE_RISKS),
    protocol: z.enum(SHIELD_PROTOCOLS),
    source_cidr: FreeText.refine(isNetworkPrefix, {
      message: 'must be an IPv4 or IPv6 prefix with no host bits set, like 198.51.100.0/24',
    }).optional(),
    destination_port: z.int().min(1).max(65535).optional(),
    tcp_flags_mask: z.int().min(0).max(255).optional(),
    tcp_flags_value: z.int().min(0).max(255).optional(),
    rate_pps: z.int().min(100).max(1_000_000_000).optional(),
    rate_bps: z.int().min(1_000_000).max(800_000_000_000).optional(),
    burst_packets: z.int().min(64).max(10_000_000).optional(),
    duration_hours: z.int().min(0).max(8784).optional(),
    explicit_broad_ack: z.boolean().optional(),
  })
  .refine(
    (rule) =>
      rule.tcp_flags_value === undefined ||
      (rule.tcp_flags_value & ~(rule.tcp_flags_mask ?? 0)) === 0,
    { path: ['tcp_flags_value'], message: 'has bits outside tcp_flags_mask' },
  )
  .meta({ id: 'ShieldRuleIntent' });

const shieldRuleShape = {
  /** The rule's public identifier (a UUID). */
  id: RuleId,
  /** The protected service. */
  service_ref: ServiceRef,
  /** The protected address: the service's IP, injected by the service. */
  protected_ip: IpAddress,
  /** Where the rule comes from: `preset`, `custom` or `profile`. */
  kind: z.enum(['preset', 'custom', 'profile']),
  /** The rule's tier: `basic` or `advanced`. */
  tier: z.enum(['basic', 'advanced']),
  /** Where the rule stands: `queued` → `applying` → `active`, or `failed`; `rolling_back` after a delete. The value set is open. */
  state: openEnum(SHIELD_RULE_STATES),
  /** False once the rule's rollback is queued. */
  desired_enabled: z.boolean(),
  /** When the rule was queued. */
  created_at: DateTime,
  /** When the rule entered its current state. */
  updated_at: DateTime,
  /** The preset of a `preset` rule. */
  preset_code: openEnum(SHIELD_PRESET_CODES).optional(),
  /** The version of that preset. */
  preset_version: z.string().optional(),
  /** When the rule ends by itself (`duration_hours`). */
  expires_at: DateTime.optional(),
  /** Why a `failed` rule failed, e.g. `apply_failed`. The value set is open. */
  last_error_code: openEnum(SHIELD_RULE_ERROR_CODES).optional(),
};

/**
 * A sanitized Shield rule: exactly the spec's fields. The intent a rule was created with (name,
 * mode, action, match) is never in an answer: the real service does not return it.
 */
export const ShieldRule: z.ZodObject<typeof shieldRuleShape, z.core.$strict> = z
  .strictObject(shieldRuleShape)
  .meta({ id: 'ShieldRule' });

const shieldRuleMutationShape = {
  /** The queued rule. */
  rule: ShieldRule as typeof ShieldRule,
};

/** Result of creating a custom or preset rule. */
export const ShieldRuleMutation: z.ZodObject<typeof shieldRuleMutationShape, z.core.$strict> = z
  .strictObject(shieldRuleMutationShape)
  .meta({ id: 'ShieldRuleMutation' });

const shieldRulePageShape = {
  /** Every rule of the service: the list is not paged. */
  rules: z.array(ShieldRule) as z.ZodArray<typeof ShieldRule>,
};

/** The rules of one service. */
export const ShieldRulePage: z.ZodObject<typeof shieldRulePageShape, z.core.$strict> = z
  .strictObject(shieldRulePageShape)
  .meta({ id: 'ShieldRulePage' });

const shieldOverviewShape = {
  /** The account's Advanced entitlement and quotas. */
  entitlement: ShieldEntitlement as typeof ShieldEntitlement,
  /** Every rule of the service. */
  rules: z.array(ShieldRule) as z.ZodArray<typeof ShieldRule>,
  /** The presets offered. */
  presets: z.array(ShieldPreset) as z.ZodArray<typeof ShieldPreset>,
  /** The profiles offered. */
  profiles: z.array(ShieldProfile) as z.ZodArray<typeof ShieldProfile>,
  /** The profile selected and its state. */
  profile: ShieldProfileState as typeof ShieldProfileState,
};

/** Read-only Shield overview of one service. */
export const ShieldOverview: z.ZodObject<typeof shieldOverviewShape, z.core.$strict> = z
  .strictObject(shieldOverviewShape)
  .meta({ id: 'ShieldOverview' });

const shieldCapabilitiesShape = {
  /** The account's Advanced entitlement and quotas. */
  entitlement: ShieldEntitlement as typeof ShieldEntitlement,
  /** The presets offered. */
  presets: z.array(ShieldPreset) as z.ZodArray<typeof ShieldPreset>,
  /** The profiles offered. */
  profiles: z.array(ShieldProfile) as z.ZodArray<typeof ShieldProfile>,
};

/** Entitlement plus the versioned preset and profile descriptors. */
export const ShieldCapabilities: z.ZodObject<typeof shieldCapabilitiesShape, z.core.$strict> = z
  .strictObject(shieldCapabilitiesShape)
  .meta({ id: 'ShieldCapabilities' });

const Count = z.int().min(0);

const shieldTelemetryItemShape = {
  /** The group's value, e.g. a source IP for `group_by: source_ip`. */
  key: z.string(),
  /** Packets of the group in the window. */
  packets: Count,
  /** Bytes of the group in the window. */
  bytes: Count,
  /** Samples behind the figures, when sampled. */
  samples: Count.optional(),
};

/** One aggregated telemetry row. */
export const ShieldTelemetryItem: z.ZodObject<typeof shieldTelemetryItemShape, z.core.$strict> = z
  .strictObject(shieldTelemetryItemShape)
  .meta({ id: 'ShieldTelemetryItem' });

const shieldTelemetryTotalsShape = {
  /** Packets of all traffic in the window. */
  packets: Count,
  /** Bytes of all traffic in the window. */
  bytes: Count,
  /** Samples behind the figures, when sampled. */
  samples: Count.optional(),
};

/** Totals over all traffic of the window, not only the listed items. */
export const ShieldTelemetryTotals: z.ZodObject<typeof shieldTelemetryTotalsShape, z.core.$strict> =
  z.strictObject(shieldTelemetryTotalsShape).meta({ id: 'ShieldTelemetryTotals' });

const shieldTelemetryShape = {
  /** Start of the window. */
  start: DateTime,
  /** End of the window. */
  end: DateTime,
  /** The aggregated rows, at most 100. */
  items: z.array(ShieldTelemetryItem).max(LIMITS.telemetryItemsMax) as z.ZodArray<
    typeof ShieldTelemetryItem
  >,
  /** Totals over all traffic of the window, not only the listed items. */
  totals: ShieldTelemetryTotals as typeof ShieldTelemetryTotals,
  /** Whether the figures come from samples. */
  sampled: z.boolean(),
  /** How long the answer may be cached, in seconds. */
  cache_seconds: z.int().min(1),
  /** The dataset: `traffic` or `protection-activity`. */
  telemetry: z.enum(['traffic', 'protection-activity']),
  /** The grouping key of `items`, e.g. `source_ip`. The value set is open. */
  group_by: openEnum(TELEMETRY_GROUP_BY).optional(),
};

/** Traffic or protection-activity aggregates of one window. */
export const ShieldTelemetry: z.ZodObject<typeof shieldTelemetryShape, z.core.$strict> = z
  .strictObject(shieldTelemetryShape)
  .meta({ id: 'ShieldTelemetry' });

const Port = z.int().min(0).max(65535);

const shieldEvidenceItemShape = {
  /** When the packet was seen. */
  observed_at: DateTime,
  /** When the sample reached the service. */
  received_at: DateTime,
  /** The packet's source address. */
  source_address: IpAddress,
  /** The packet's destination address. */
  destination_address: IpAddress,
  /** The packet's source port (0 for portless protocols). */
  source_port: Port,
  /** The packet's destination port (0 for portless protocols). */
  destination_port: Port,
  /** The packet's protocol, e.g. `tcp`. The value set is open. */
  protocol: openEnum(SHIELD_EVIDENCE_PROTOCOLS),
  /** The verdict: `drop` or `rate_limit`. */
  action: z.enum(SHIELD_EVIDENCE_ACTIONS),
  /** The packet's length in bytes. */
  packet_length: Port,
  /** One sample stands for this many packets. */
  sample_rate: z.int().min(1),
  /** The rule generation that matched. */
  generation: Count,
  /** Why the packet got its verdict, e.g. `rule_match`. The value set is open. */
  reason: openEnum(SHIELD_EVIDENCE_REASONS).optional(),
};

/** One sanitized evidence sample of a rule. */
export const ShieldEvidenceItem: z.ZodObject<typeof shieldEvidenceItemShape, z.core.$strict> = z
  .strictObject(shieldEvidenceItemShape)
  .meta({ id: 'ShieldEvidenceItem' });

const shieldEvidenceShape = {
  /** The rule the samples are of. */
  rule_id: RuleId,
  /** The samples of this page, at most 50. */
  items: z.array(ShieldEvidenceItem).max(LIMITS.shieldEvidenceItemsMax) as z.ZodArray<
    typeof ShieldEvidenceItem
  >,
  /** The opaque cursor of the next page; absent on the last. */
  next_cursor: z.string().min(1).max(LIMITS.evidenceCursorLengthMax).optional(),
};

/** One page of evidence samples of a rule. */
export const ShieldEvidence: z.ZodObject<typeof shieldEvidenceShape, z.core.$strict> = z
  .strictObject(shieldEvidenceShape)
  .meta({ id: 'ShieldEvidence' });

/** The Advanced Shield entitlement. */
export type ShieldEntitlement = z.infer<typeof ShieldEntitlement>;
/** A preset descriptor. */
export type ShieldPreset = z.infer<typeof ShieldPreset>;
/** A profile descriptor. */
export type ShieldProfile = z.infer<typeof ShieldProfile>;
/** The selected profile and its state. */
export type ShieldProfileState = z.infer<typeof ShieldProfileState>;
/** Result of applying a profile. */
export type ShieldProfileMutation = z.infer<typeof ShieldProfileMutation>;
/** A custom rule request. */
export type ShieldRuleIntent = z.input<typeof ShieldRuleIntent>;
/** A sanitized Shield rule. */
export type ShieldRule = z.infer<typeof ShieldRule>;
/** Result of creating a rule. */
export type ShieldRuleMutation = z.infer<typeof ShieldRuleMutation>;
/** The rules of a service. */
export type ShieldRulePage = z.infer<typeof ShieldRulePage>;
/** The Shield overview. */
export type ShieldOverview = z.infer<typeof ShieldOverview>;
/** Entitlement plus descriptors. */
export type ShieldCapabilities = z.infer<typeof ShieldCapabilities>;
/** One telemetry row. */
export type ShieldTelemetryItem = z.infer<typeof ShieldTelemetryItem>;
/** Telemetry totals. */
export type ShieldTelemetryTotals = z.infer<typeof ShieldTelemetryTotals>;
/** Telemetry aggregates of a window. */
export type ShieldTelemetry = z.infer<typeof ShieldTelemetry>;
/** One evidence sample. */
export type ShieldEvidenceItem = z.infer<typeof ShieldEvidenceItem>;
/** A page of evidence samples. */
export type ShieldEvidence = z.infer<typeof ShieldEvidence>;
