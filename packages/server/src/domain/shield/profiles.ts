import type { ShieldProfileCode, ShieldProfileState } from '@refapi/schema';
import { CATALOG_VERSION, profileBundle } from './catalog';
import { isVisible, rulePhaseAt } from './lifecycle';
import { accepted, QUOTA_EXCEEDED, refused, type ShieldOutcome } from './outcome';
import { checkQuotas } from './quotas';
import type { CreateContext } from './rule-commands';
import {
  type ShieldProfileRecord,
  type ShieldRuleRecord,
  type ShieldState,
  type ShieldTarget,
  STEP_MS,
} from './state';

const OFF: ShieldProfileState = { code: 'off', state: 'off' };

function profileRecord(state: ShieldState, serviceRef: string): ShieldProfileRecord | undefined {
  return state.profiles.find((profile) => profile.service_ref === serviceRef);
}

function bundleRules(state: ShieldState, bundleId: string | null): ShieldRuleRecord[] {
  return bundleId === null ? [] : state.rules.filter((rule) => rule.bundle_id === bundleId);
}

/**
 * The customer-managed profile of a service at `now`, derived from its record and its
 * bundle's rules: `applying` until every rule is active, then `active`; a failed rule rolls
 * the bundle back (`rolling_back`, then `failed`); `off` applies for one step, then is `off`.
 */
export function profileStateAt(
  state: ShieldState,
  serviceRef: string,
  now: number,
): ShieldProfileState {
  const record = profileRecord(state, serviceRef);
  if (!record) return OFF;
  const at = (value: ShieldProfileState['state']): ShieldProfileState => ({
    code: record.code,
    state: value,
    version: record.version,
  });
  if (record.removed_at !== undefined) {
    return now < record.removed_at + STEP_MS ? at('rolling_back') : OFF;
  }
  if (record.code === 'off')
    return now < record.requested_at + STEP_MS ? at('applying') : at('off');
  const rules = bundleRules(state, record.bundle_id);
  const failed = rules.find((rule) => rule.outcome === 'failed');
  if (failed?.rollback_at !== undefined) {
    return now < failed.rollback_at + STEP_MS ? at('rolling_back') : at('failed');
  }
  return rules.every((rule) => rulePhaseAt(rule, now).phase === 'active')
    ? at('active')
    : at('applying');
}

/**
 * Replaces the service's customer-managed profile bundle with the bundle of `code`, as
 * one unit: the previous bundle rolls back and the new one is queued at the same instant,
 * or nothing changes when the quotas do not allow it. Only rules with a bundle id are
 * touched, so `off` leaves emergency infrastructure rules alone. Re-applying the profile
 * that is already applying or active changes nothing.
 */
export function applyProfile(
  state: ShieldState,
  target: ShieldTarget,
  code: ShieldProfileCode,
  { now, newId }: CreateContext,
): ShieldOutcome<ShieldProfileState> {
  const current = profileStateAt(state, target.service_ref, now);
  const settled = code === 'off' ? ['off', 'applying'] : ['applying', 'active'];
  if (current.code === code && settled.includes(current.state)) return accepted(state, current);

  const previous = profileRecord(state, target.service_ref);
  const replaced = new Set(
    bundleRules(state, previous?.bundle_id ?? null)
      .filter((rule) => isVisible(rule, now))
      .map((rule) => rule.id),
  );
  const templates = profileBundle(code);
  const violation = checkQuotas(
    state.rules,
    { target, adding: templates, replacing: replaced },
    now,
  );
  if (violation)
    return refused({ kind: 'conflict', error: QUOTA_EXCEEDED, status: violation.quota });

  const bundleId = templates.length > 0 ? newId() : null;
  const added = templates.map(
    (template, index): ShieldRuleRecord => ({
      id: newId(),
      seq: state.next_seq + index,
      ...target,
      kind: 'profile',
      name: template.name,
      action: template.action,
      mode: 'enforce',
      protocol: template.protocol,
      ...(bundleId !== null ? { bundle_id: bundleId } : {}),
      queued_at: now,
    }),
  );
  const rules = state.rules.map((rule) =>
    replaced.has(rule.id) && (rule.rollback_at === undefined || rule.rollback_at > now)
      ? { ...rule, rollback_at: now }
      : rule,
  );
  const record: ShieldProfileRecord = {
    service_ref: target.service_ref,
    code,
    version: CATALOG_VERSION,
    bundle_id: bundleId,
    requested_at: now,
  };
  const next: ShieldState = {
    rules: [...rules, ...added],
    profiles: [...state.profiles.filter((p) => p.service_ref !== target.service_ref), record],
    next_seq: state.next_seq + added.length,
  };
  return accepted(next, profileStateAt(next, target.service_ref, now));
}
