import { ShieldProfileState } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { profileBundle } from './catalog';
import { isVisible, rulePhaseAt } from './lifecycle';
import type { ShieldOutcome } from './outcome';
import { applyProfile, profileStateAt } from './profiles';
import { createCustomRule, deleteRule } from './rule-commands';
import { settleApplies } from './settle';
import { emptyShieldState, type ShieldState, type ShieldTarget, STEP_MS } from './state';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const TARGET: ShieldTarget = {
  account_ref: 'REF-ACCT-A1',
  service_ref: 'REF-SVC-A1',
  protected_ip: '203.0.113.10',
};
let n = 0;
const ctx = (now: number) => ({
  now,
  newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
});
const ok = <T>(outcome: ShieldOutcome<T>) => {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.refusal)}`);
  return outcome;
};
const profileAt = (state: ShieldState, now: number) =>
  profileStateAt(state, TARGET.service_ref, now);
const visible = (state: ShieldState, now: number) => state.rules.filter((r) => isVisible(r, now));

describe('applyProfile', () => {
  it('starts off, then goes applying → active as its bundle applies', () => {
    expect(profileAt(emptyShieldState(), T0)).toEqual({ code: 'off', state: 'off' });
    const { state, value } = ok(applyProfile(emptyShieldState(), TARGET, 'default', ctx(T0)));
    expect(ShieldProfileState.parse(value)).toEqual({
      code: 'default',
      state: 'applying',
      version: '1',
    });
    expect(state.rules).toHaveLength(profileBundle('default').length);
    expect(new Set(state.rules.map((r) => r.bundle_id)).size).toBe(1);
    expect(state.rules.every((r) => r.kind === 'profile')).toBe(true);
    expect(profileAt(state, T0 + 2 * STEP_MS - 1).state).toBe('applying');
    expect(profileAt(state, T0 + 2 * STEP_MS).state).toBe('active');
  });

  it('replaces the previous bundle at the same instant and leaves other rules alone', () => {
    let state = ok(createCustomRule(emptyShieldState(), TARGET, customIntent, ctx(T0))).state;
    state = ok(applyProfile(state, TARGET, 'strict', ctx(T0))).state;
    const strictIds = state.rules.filter((r) => r.kind === 'profile').map((r) => r.id);
    const t1 = T0 + 60_000;
    state = ok(applyProfile(state, TARGET, 'low', ctx(t1))).state;
    for (const id of strictIds) {
      expect(rulePhaseAt(state.rules.find((r) => r.id === id)!, t1).phase).toBe('rolling_back');
    }
    const later = visible(state, t1 + STEP_MS);
    expect(later.filter((r) => r.kind === 'profile')).toHaveLength(profileBundle('low').length);
    expect(later.filter((r) => r.kind === 'custom')).toHaveLength(1);
    expect(profileAt(state, t1 + 2 * STEP_MS)).toEqual({
      code: 'low',
      state: 'active',
      version: '1',
    });
  });

  it('turns off: the bundle rolls back, the profile ends off, custom rules stay', () => {
    let state = ok(createCustomRule(emptyShieldState(), TARGET, customIntent, ctx(T0))).state;
    state = ok(applyProfile(state, TARGET, 'default', ctx(T0))).state;
    const t1 = T0 + 60_000;
    const off = ok(applyProfile(state, TARGET, 'off', ctx(t1)));
    expect(off.value).toEqual({ code: 'off', state: 'applying', version: '1' });
    expect(profileAt(off.state, t1 + STEP_MS)).toEqual({ code: 'off', state: 'off', version: '1' });
    expect(visible(off.state, t1 + STEP_MS).map((r) => r.kind)).toEqual(['custom']);
  });

  it('re-applying the profile in effect changes nothing', () => {
    const first = ok(applyProfile(emptyShieldState(), TARGET, 'low', ctx(T0)));
    const again = ok(applyProfile(first.state, TARGET, 'low', ctx(T0 + 60_000)));
    expect(again.state).toBe(first.state);
    expect(again.value.state).toBe('active');
  });

  it('rolls the complete bundle back when one apply fails, ending failed', () => {
    const queued = ok(applyProfile(emptyShieldState(), TARGET, 'strict', ctx(T0))).state;
    const failAt = T0 + 2 * STEP_MS;
    const { state, faultConsumed } = settleApplies(queued, failAt + 1_000, true);
    expect(faultConsumed).toBe(true);
    expect(profileAt(state, failAt + 1_000).state).toBe('rolling_back');
    expect(state.rules.map((r) => rulePhaseAt(r, failAt + 1_000).phase)).toEqual(
      state.rules.map(() => 'rolling_back'),
    );
    expect(profileAt(state, failAt + STEP_MS)).toEqual({
      code: 'strict',
      state: 'failed',
      version: '1',
    });
    expect(visible(state, failAt + STEP_MS)).toEqual([]);
  });

  it('deleting one bundle rule rolls the whole bundle back and leaves the profile off', () => {
    const { state } = ok(applyProfile(emptyShieldState(), TARGET, 'default', ctx(T0)));
    const t1 = T0 + 60_000;
    const after = ok(deleteRule(state, TARGET, state.rules[0]!.id, t1)).state;
    expect(after.rules.every((r) => rulePhaseAt(r, t1).phase === 'rolling_back')).toBe(true);
    expect(profileAt(after, t1).state).toBe('rolling_back');
    expect(profileAt(after, t1 + STEP_MS)).toEqual({ code: 'off', state: 'off' });
  });

  it('refuses a bundle that does not fit the quotas and changes nothing', () => {
    let state = emptyShieldState();
    for (let i = 0; i < 10; i++) {
      state = ok(
        createCustomRule(
          state,
          TARGET,
          { ...customIntent, action: 'rate_limit', rate_pps: 1000 },
          ctx(T0),
        ),
      ).state;
    }
    expect(applyProfile(state, TARGET, 'default', ctx(T0))).toEqual({
      ok: false,
      refusal: { kind: 'conflict', error: 'shield_quota_exceeded', status: 'rate_rules_per_ip' },
    });
    expect(applyProfile(state, TARGET, 'low', ctx(T0)).ok).toBe(true);
  });
});

const customIntent = {
  name: 'custom',
  mode: 'enforce',
  action: 'drop',
  risk: 'low',
  protocol: 'tcp',
  destination_port: 22,
} as const;
