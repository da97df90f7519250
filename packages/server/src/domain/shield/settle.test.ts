import { describe, expect, it } from 'vitest';
import { rulePhaseAt } from './lifecycle';
import { APPLY_FAILED, settleApplies } from './settle';
import { emptyShieldState, type ShieldRuleRecord, type ShieldState, STEP_MS } from './state';

const T0 = Date.parse('2026-01-01T00:00:00Z');
let n = 0;
const rule = (patch: Partial<ShieldRuleRecord>): ShieldRuleRecord => {
  n++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    seq: n,
    account_ref: 'REF-ACCT-A1',
    service_ref: 'REF-SVC-A1',
    protected_ip: '203.0.113.10',
    kind: 'custom',
    name: 'r',
    action: 'drop',
    protocol: 'any',
    queued_at: T0,
    ...patch,
  };
};
const withRules = (...rules: ShieldRuleRecord[]): ShieldState => ({ ...emptyShieldState(), rules });
const byId = (state: ShieldState, id: string) => state.rules.find((r) => r.id === id)!;

describe('settleApplies', () => {
  it('decides nothing before an apply step has ended', () => {
    const state = withRules(rule({}));
    const result = settleApplies(state, T0 + 2 * STEP_MS - 1, true);
    expect(result).toEqual({ state, faultConsumed: false });
  });

  it('marks ended applies ok without a fault', () => {
    const a = rule({});
    const { state, faultConsumed } = settleApplies(withRules(a), T0 + 2 * STEP_MS, false);
    expect(faultConsumed).toBe(false);
    expect(byId(state, a.id).outcome).toBe('ok');
  });

  it('fails exactly the first apply to end with the fault armed, even after a clock jump', () => {
    const first = rule({ queued_at: T0 });
    const second = rule({ queued_at: T0 + 1_000 });
    const { state, faultConsumed } = settleApplies(withRules(second, first), T0 + 3_600_000, true);
    expect(faultConsumed).toBe(true);
    expect(byId(state, first.id)).toMatchObject({
      outcome: 'failed',
      last_error_code: APPLY_FAILED,
    });
    expect(byId(state, second.id).outcome).toBe('ok');
    expect(rulePhaseAt(byId(state, first.id), T0 + 3_600_000).phase).toBe('failed');
  });

  it('does not decide again once decided, so a later fault hits a later rule', () => {
    const first = rule({ queued_at: T0 });
    const settled = settleApplies(withRules(first), T0 + 20_000, false).state;
    const later = rule({ queued_at: T0 + 30_000 });
    const next = settleApplies({ ...settled, rules: [...settled.rules, later] }, T0 + 40_000, true);
    expect(byId(next.state, first.id).outcome).toBe('ok');
    expect(byId(next.state, later.id).outcome).toBe('failed');
  });

  it('skips rules rolled back before their apply ended', () => {
    const deleted = rule({ rollback_at: T0 + 1_000 });
    const result = settleApplies(withRules(deleted), T0 + 60_000, true);
    expect(result.faultConsumed).toBe(false);
  });

  it('rolls the whole bundle back from the failure of one of its rules', () => {
    const a = rule({ kind: 'profile', bundle_id: 'b1' });
    const b = rule({ kind: 'profile', bundle_id: 'b1' });
    const other = rule({ queued_at: T0 + 1_000 });
    const { state } = settleApplies(withRules(a, b, other), T0 + 60_000, true);
    const failAt = T0 + 2 * STEP_MS;
    expect(byId(state, a.id)).toMatchObject({ outcome: 'failed', rollback_at: failAt });
    expect(byId(state, b.id)).toMatchObject({ outcome: 'ok', rollback_at: failAt });
    expect(byId(state, other.id).rollback_at).toBeUndefined();
    expect(rulePhaseAt(byId(state, b.id), failAt + 1).phase).toBe('rolling_back');
    expect(rulePhaseAt(byId(state, b.id), failAt + STEP_MS).phase).toBe('gone');
  });
});
