import type { SHIELD_RULE_STATES, ShieldRule } from '@refapi/schema';
import { type ShieldRuleRecord, STEP_MS } from './state';

/**
 * Where a rule stands at one instant: a state the schema lists (the SDK's types offer
 * exactly those), or `gone` once it has left the list.
 */
export type RulePhase = (typeof SHIELD_RULE_STATES)[number] | 'gone';

/** When the apply step of a rule ends and its outcome is decided. */
export function applyEndsAt(rule: ShieldRuleRecord): number {
  return rule.queued_at + 2 * STEP_MS;
}

/**
 * The phase of a rule at `now` and when it entered that phase, derived from its
 * timestamps: queued → applying → active (or failed) one step each; rollback → gone after
 * one step; expired rules are gone. An undecided outcome past the apply step reads as active.
 */
export function rulePhaseAt(
  rule: ShieldRuleRecord,
  now: number,
): { phase: RulePhase; since: number } {
  if (rule.expires_at !== undefined && now >= rule.expires_at) {
    return { phase: 'gone', since: rule.expires_at };
  }
  if (rule.rollback_at !== undefined && now >= rule.rollback_at) {
    const goneAt = rule.rollback_at + STEP_MS;
    return now >= goneAt
      ? { phase: 'gone', since: goneAt }
      : { phase: 'rolling_back', since: rule.rollback_at };
  }
  if (now < rule.queued_at + STEP_MS) return { phase: 'queued', since: rule.queued_at };
  if (now < applyEndsAt(rule)) return { phase: 'applying', since: rule.queued_at + STEP_MS };
  return { phase: rule.outcome === 'failed' ? 'failed' : 'active', since: applyEndsAt(rule) };
}

/** Whether the rule is still in the list at `now`. */
export function isVisible(rule: ShieldRuleRecord, now: number): boolean {
  return rulePhaseAt(rule, now).phase !== 'gone';
}

/** When the rule became active, or null when it is not active at `now`. */
export function activeSince(rule: ShieldRuleRecord, now: number): number | null {
  const { phase, since } = rulePhaseAt(rule, now);
  return phase === 'active' ? since : null;
}

/** The sanitized public rule at `now`, or null once it is gone. Internal fields never leave. */
export function toPublicRule(rule: ShieldRuleRecord, now: number): ShieldRule | null {
  const { phase, since } = rulePhaseAt(rule, now);
  if (phase === 'gone') return null;
  return {
    id: rule.id,
    service_ref: rule.service_ref,
    protected_ip: rule.protected_ip,
    kind: rule.kind,
    tier: 'advanced',
    state: phase,
    desired_enabled: phase !== 'rolling_back',
    created_at: new Date(rule.queued_at).toISOString(),
    updated_at: new Date(since).toISOString(),
    ...(rule.preset_code !== undefined ? { preset_code: rule.preset_code } : {}),
    ...(rule.preset_version !== undefined ? { preset_version: rule.preset_version } : {}),
    ...(rule.expires_at !== undefined
      ? { expires_at: new Date(rule.expires_at).toISOString() }
      : {}),
    ...(rule.last_error_code !== undefined ? { last_error_code: rule.last_error_code } : {}),
  };
}
