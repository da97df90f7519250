import { type ShieldRule, type ShieldRuleIntent, shieldRuleRefusal } from '@refapi/schema';
import { findPreset } from './catalog';
import { infrastructureRuleId } from './infrastructure-rule';
import { isVisible, rulePhaseAt, toPublicRule } from './lifecycle';
import { accepted, QUOTA_EXCEEDED, refused, type ShieldOutcome } from './outcome';
import { checkQuotas } from './quotas';
import type { ShieldRuleRecord, ShieldState, ShieldTarget } from './state';

const HOUR_MS = 3_600_000;

/** When and under which id a command creates a rule. */
export interface CreateContext {
  readonly now: number;
  readonly newId: () => string;
}

function addRule(
  state: ShieldState,
  fields: Omit<ShieldRuleRecord, 'seq'>,
  now: number,
): ShieldOutcome<ShieldRule> {
  const rule: ShieldRuleRecord = { ...fields, seq: state.next_seq };
  const next: ShieldState = {
    ...state,
    rules: [...state.rules, rule],
    next_seq: state.next_seq + 1,
  };
  return accepted(next, toPublicRule(rule, now)!);
}

/**
 * Queues a custom rule for the target's own IP after checking what the provider refuses
 * (422, `shieldRuleRefusal`) and every quota at once.
 * `duration_hours` > 0 sets `expires_at`; 0 or absent means the rule does not expire.
 */
export function createCustomRule(
  state: ShieldState,
  target: ShieldTarget,
  intent: ShieldRuleIntent,
  { now, newId }: CreateContext,
): ShieldOutcome<ShieldRule> {
  const refusal = shieldRuleRefusal(intent);
  if (refusal) return refused({ kind: 'unprocessable', error: refusal });
  const violation = checkQuotas(state.rules, { target, adding: [{ action: intent.action }] }, now);
  if (violation)
    return refused({ kind: 'conflict', error: QUOTA_EXCEEDED, status: violation.quota });
  const hours = intent.duration_hours ?? 0;
  return addRule(
    state,
    {
      id: newId(),
      ...target,
      kind: 'custom',
      name: intent.name,
      action: intent.action,
      mode: intent.mode,
      protocol: intent.protocol,
      ...(intent.destination_port !== undefined
        ? { destination_port: intent.destination_port }
        : {}),
      ...(intent.source_cidr !== undefined ? { source_cidr: intent.source_cidr } : {}),
      queued_at: now,
      ...(hours > 0 ? { expires_at: now + hours * HOUR_MS } : {}),
    },
    now,
  );
}

/** Queues the preset `code`; an unknown code is not found, an applied one a conflict. */
export function createPresetRule(
  state: ShieldState,
  target: ShieldTarget,
  code: string,
  { now, newId }: CreateContext,
): ShieldOutcome<ShieldRule> {
  const preset = findPreset(code);
  if (!preset) return refused({ kind: 'not_found', error: 'shield_preset_not_found' });
  const existing = state.rules.find(
    (rule) =>
      rule.service_ref === target.service_ref &&
      rule.kind === 'preset' &&
      rule.preset_code === code &&
      !['gone', 'failed', 'rolling_back'].includes(rulePhaseAt(rule, now).phase),
  );
  if (existing) {
    const status = rulePhaseAt(existing, now).phase;
    return refused({ kind: 'conflict', error: 'shield_preset_already_applied', status });
  }
  const violation = checkQuotas(state.rules, { target, adding: [preset.rule] }, now);
  if (violation)
    return refused({ kind: 'conflict', error: QUOTA_EXCEEDED, status: violation.quota });
  return addRule(
    state,
    {
      id: newId(),
      ...target,
      kind: 'preset',
      name: preset.rule.name,
      action: preset.rule.action,
      mode: 'enforce',
      protocol: preset.rule.protocol,
      preset_code: preset.code,
      preset_version: preset.version,
      queued_at: now,
    },
    now,
  );
}

/**
 * Queues the rollback of a rule of the target, or of its complete profile bundle.
 * A rule already rolling back is accepted again unchanged; the infrastructure rule is
 * not customer-managed (conflict); anything not owned by the service is not found.
 */
export function deleteRule(
  state: ShieldState,
  target: ShieldTarget,
  ruleId: string,
  now: number,
): ShieldOutcome<null> {
  if (ruleId === infrastructureRuleId(target.service_ref)) {
    return refused({
      kind: 'conflict',
      error: 'shield_rule_not_customer_managed',
      status: 'infrastructure',
    });
  }
  const rule = state.rules.find(
    (candidate) =>
      candidate.id === ruleId &&
      candidate.service_ref === target.service_ref &&
      isVisible(candidate, now),
  );
  if (!rule) return refused({ kind: 'not_found', error: 'shield_rule_not_found' });
  if (rulePhaseAt(rule, now).phase === 'rolling_back') return accepted(state, null);

  const bundle = rule.bundle_id;
  const rollsBack = (candidate: ShieldRuleRecord) =>
    bundle === undefined ? candidate.id === rule.id : candidate.bundle_id === bundle;
  const rules = state.rules.map((candidate) =>
    rollsBack(candidate) &&
    isVisible(candidate, now) &&
    rulePhaseAt(candidate, now).phase !== 'rolling_back'
      ? { ...candidate, rollback_at: now }
      : candidate,
  );
  const profiles =
    bundle === undefined
      ? state.profiles
      : state.profiles.map((profile) =>
          profile.bundle_id === bundle ? { ...profile, removed_at: now } : profile,
        );
  return accepted({ ...state, rules, profiles }, null);
}
