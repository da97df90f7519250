import { z } from 'zod';
import { DateTime, IpAddress, ShieldProfileCode } from './common';
import { FreeText } from './free-text';
import { LIMITS } from './limits';
import { RuleId, ServiceRef } from './refs';
import { isNetworkPrefix } from './shield-rule-checks';
import {
  SHIELD_EVIDENCE_ACTIONS,
  SHIELD_PROFILE_STATES,
  SHIELD_PROTOCOLS,
  SHIELD_RULE_ACTIONS,
  SHIELD_RULE_MODES,
  SHIELD_RULE_RISKS,
} from './values';

/** The Advanced Shield entitlement of the account, with its fixed quotas. */
export const ShieldEntitlement = z
  .strictObject({
    tier: z.literal('advanced'),
    status: z.enum(['active', 'grace']),
    rules_per_ip: z.literal(LIMITS.shieldRulesPerIp),
    rules_per_account: z.literal(LIMITS.shieldRulesPerAccount),
    rate_rules_per_ip: z.literal(LIMITS.shieldRateRulesPerIp),
    custom_rules: z.literal(true),
    customer_api: z.literal(true),
    history_days: z.literal(LIMITS.shieldHistoryDays),
    analyzer_hours: z.literal(LIMITS.shieldAnalyzerHours),
    grace_ends_at: DateTime.optional(),
    mutations_blocked: z.boolean(),
    mutation_blocked_reason: z.string().optional(),
  })
  .meta({ id: 'ShieldEntitlement' });

/** A versioned preset descriptor. */
export const ShieldPreset = z
  .strictObject({
    code: z.string(),
    version: z.string(),
    name: z.string(),
    description: z.string(),
  })
  .meta({ id: 'ShieldPreset' });

/** States a profile bundle moves through. */
export const ShieldProfileStateValue = z.enum(SHIELD_PROFILE_STATES);

/** A versioned profile descriptor. */
export const ShieldProfile = z
  .strictObject({
    code: ShieldProfileCode,
    version: z.string(),
    name: z.string(),
    description: z.string(),
    available: z.boolean(),
    unavailable_reason: z.literal('shield_advanced_required').optional(),
  })
  .meta({ id: 'ShieldProfile' });

/** The customer-managed profile currently selected and its state. */
export const ShieldProfileState = z
  .strictObject({
    code: ShieldProfileCode,
    state: ShieldProfileStateValue,
    version: z.string().optional(),
  })
  .meta({ id: 'ShieldProfileState' });

/** Result of POST …/shield/profiles/{profile_code}. */
export const ShieldProfileMutation = z
  .strictObject({ profile: ShieldProfileState })
  .meta({ id: 'ShieldProfileMutation' });

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

/**
 * A sanitized Shield rule: exactly the spec's fields. The intent a rule was created with (name,
 * mode, action, match) is never in an answer: the real service does not return it.
 */
export const ShieldRule = z
  .strictObject({
    id: RuleId,
    service_ref: ServiceRef,
    protected_ip: IpAddress,
    kind: z.enum(['preset', 'custom', 'profile']),
    tier: z.enum(['basic', 'advanced']),
    state: z.string(),
    desired_enabled: z.boolean(),
    created_at: DateTime,
    updated_at: DateTime,
    preset_code: z.string().optional(),
    preset_version: z.string().optional(),
    expires_at: DateTime.optional(),
    last_error_code: z.string().optional(),
  })
  .meta({ id: 'ShieldRule' });

/** Result of creating a custom or preset rule. */
export const ShieldRuleMutation = z
  .strictObject({ rule: ShieldRule })
  .meta({ id: 'ShieldRuleMutation' });

/** The rules of one service. */
export const ShieldRulePage = z
  .strictObject({ rules: z.array(ShieldRule) })
  .meta({ id: 'ShieldRulePage' });

/** Read-only Shield overview of one service. */
export const ShieldOverview = z
  .strictObject({
    entitlement: ShieldEntitlement,
    rules: z.array(ShieldRule),
    presets: z.array(ShieldPreset),
    profiles: z.array(ShieldProfile),
    profile: ShieldProfileState,
  })
  .meta({ id: 'ShieldOverview' });

/** Entitlement plus the versioned preset and profile descriptors. */
export const ShieldCapabilities = z
  .strictObject({
    entitlement: ShieldEntitlement,
    presets: z.array(ShieldPreset),
    profiles: z.array(ShieldProfile),
  })
  .meta({ id: 'ShieldCapabilities' });

const Count = z.int().min(0);

/** One aggregated telemetry row. */
export const ShieldTelemetryItem = z
  .strictObject({ key: z.string(), packets: Count, bytes: Count, samples: Count.optional() })
  .meta({ id: 'ShieldTelemetryItem' });

/** Totals over all traffic of the window, not only the listed items. */
export const ShieldTelemetryTotals = z
  .strictObject({ packets: Count, bytes: Count, samples: Count.optional() })
  .meta({ id: 'ShieldTelemetryTotals' });

/** Traffic or protection-activity aggregates of one window. */
export const ShieldTelemetry = z
  .strictObject({
    start: DateTime,
    end: DateTime,
    items: z.array(ShieldTelemetryItem).max(LIMITS.telemetryItemsMax),
    totals: ShieldTelemetryTotals,
    sampled: z.boolean(),
    cache_seconds: z.int().min(1),
    telemetry: z.enum(['traffic', 'protection-activity']),
    group_by: z.string().optional(),
  })
  .meta({ id: 'ShieldTelemetry' });

const Port = z.int().min(0).max(65535);

/** One sanitized evidence sample of a rule. */
export const ShieldEvidenceItem = z
  .strictObject({
    observed_at: DateTime,
    received_at: DateTime,
    source_address: IpAddress,
    destination_address: IpAddress,
    source_port: Port,
    destination_port: Port,
    protocol: z.string(),
    action: z.enum(SHIELD_EVIDENCE_ACTIONS),
    packet_length: Port,
    sample_rate: z.int().min(1),
    generation: Count,
    reason: z.string().optional(),
  })
  .meta({ id: 'ShieldEvidenceItem' });

/** One page of evidence samples of a rule. */
export const ShieldEvidence = z
  .strictObject({
    rule_id: RuleId,
    items: z.array(ShieldEvidenceItem).max(LIMITS.shieldEvidenceItemsMax),
    next_cursor: z.string().min(1).max(LIMITS.evidenceCursorLengthMax).optional(),
  })
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
