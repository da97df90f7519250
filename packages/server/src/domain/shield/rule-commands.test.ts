import { ShieldRule, type ShieldRuleIntent } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { infrastructureRuleId } from './infrastructure-rule';
import { rulePhaseAt } from './lifecycle';
import type { ShieldOutcome } from './outcome';
import { createCustomRule, createPresetRule, deleteRule } from './rule-commands';
import { emptyShieldState, type ShieldState, type ShieldTarget, STEP_MS } from './state';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const TARGET: ShieldTarget = {
  account_ref: 'REF-ACCT-A1',
  service_ref: 'REF-SVC-A1',
  protected_ip: '203.0.113.10',
};
const INTENT: ShieldRuleIntent = {
  name: 'drop dns',
  mode: 'enforce',
  action: 'drop',
  risk: 'low',
  protocol: 'udp',
  destination_port: 53,
};
let n = 0;
const ctx = (now = T0) => ({
  now,
  newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
});
const ok = <T>(outcome: ShieldOutcome<T>) => {
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.refusal)}`);
  return outcome;
};

describe('createCustomRule', () => {
  it('queues a custom rule for the service IP', () => {
    const { state, value } = ok(createCustomRule(emptyShieldState(), TARGET, INTENT, ctx()));
    expect(ShieldRule.parse(value)).toMatchObject({
      service_ref: 'REF-SVC-A1',
      protected_ip: '203.0.113.10',
      kind: 'custom',
      state: 'queued',
    });
    expect(value).not.toHaveProperty('expires_at');
    expect(state.rules).toHaveLength(1);
    expect(state.next_seq).toBe(2);
  });

  it('keeps the mode of the intent on the record (the console shows it)', () => {
    const observe = ok(
      createCustomRule(emptyShieldState(), TARGET, { ...INTENT, mode: 'observe' }, ctx()),
    );
    expect(observe.state.rules[0]?.mode).toBe('observe');
    const enforce = ok(createCustomRule(emptyShieldState(), TARGET, INTENT, ctx()));
    expect(enforce.state.rules[0]?.mode).toBe('enforce');
    const preset = ok(createPresetRule(emptyShieldState(), TARGET, 'rate-limit-syn', ctx()));
    expect(preset.state.rules[0]?.mode).toBe('enforce');
  });

  it('sets expires_at from duration_hours; 0 means no expiry', () => {
    const timed = ok(
      createCustomRule(emptyShieldState(), TARGET, { ...INTENT, duration_hours: 2 }, ctx()),
    );
    expect(timed.value.expires_at).toBe('2026-01-01T02:00:00.000Z');
    const forever = ok(
      createCustomRule(emptyShieldState(), TARGET, { ...INTENT, duration_hours: 0 }, ctx()),
    );
    expect(forever.value).not.toHaveProperty('expires_at');
  });

  it('refuses the rule over a quota and leaves the state untouched', () => {
    let state = emptyShieldState();
    for (let i = 0; i < 10; i++) {
      state = ok(
        createCustomRule(state, TARGET, { ...INTENT, action: 'rate_limit', rate_pps: 1000 }, ctx()),
      ).state;
    }
    const outcome = createCustomRule(
      state,
      TARGET,
      { ...INTENT, action: 'rate_limit', rate_pps: 1000 },
      ctx(),
    );
    expect(outcome).toEqual({
      ok: false,
      refusal: { kind: 'conflict', error: 'shield_quota_exceeded', status: 'rate_rules_per_ip' },
    });
  });
});

describe('createPresetRule', () => {
  it('queues a preset rule with its code and version', () => {
    const { value } = ok(createPresetRule(emptyShieldState(), TARGET, 'rate-limit-syn', ctx()));
    expect(value).toMatchObject({
      kind: 'preset',
      preset_code: 'rate-limit-syn',
      preset_version: '1',
    });
  });

  it('does not know other codes', () => {
    expect(createPresetRule(emptyShieldState(), TARGET, 'block-all', ctx())).toEqual({
      ok: false,
      refusal: { kind: 'not_found', error: 'shield_preset_not_found' },
    });
  });

  it('refuses a preset already applied to the service, but not after its removal', () => {
    const { state } = ok(createPresetRule(emptyShieldState(), TARGET, 'allow-web-only', ctx()));
    expect(createPresetRule(state, TARGET, 'allow-web-only', ctx(T0 + 1_000))).toMatchObject({
      ok: false,
      refusal: { error: 'shield_preset_already_applied', status: 'queued' },
    });
    const otherService = { ...TARGET, service_ref: 'REF-SVC-B', protected_ip: '192.0.2.9' };
    expect(createPresetRule(state, otherService, 'allow-web-only', ctx()).ok).toBe(true);
    const deleted = ok(deleteRule(state, TARGET, state.rules[0]!.id, T0 + 20_000)).state;
    expect(createPresetRule(deleted, TARGET, 'allow-web-only', ctx(T0 + 20_000)).ok).toBe(true);
  });
});

describe('deleteRule', () => {
  const created = (): ShieldState =>
    ok(createCustomRule(emptyShieldState(), TARGET, INTENT, ctx())).state;

  it('queues the rollback: rolling_back for one step, then gone', () => {
    const state = created();
    const id = state.rules[0]!.id;
    const after = ok(deleteRule(state, TARGET, id, T0 + 60_000)).state;
    expect(rulePhaseAt(after.rules[0]!, T0 + 60_000).phase).toBe('rolling_back');
    expect(rulePhaseAt(after.rules[0]!, T0 + 60_000 + STEP_MS).phase).toBe('gone');
    // A second delete during rollback is accepted and changes nothing.
    expect(ok(deleteRule(after, TARGET, id, T0 + 61_000)).state).toBe(after);
  });

  it('does not find rules of other services, unknown ids or gone rules', () => {
    const state = created();
    const id = state.rules[0]!.id;
    const other = { ...TARGET, service_ref: 'REF-SVC-B' };
    const notFound = { ok: false, refusal: { kind: 'not_found', error: 'shield_rule_not_found' } };
    expect(deleteRule(state, other, id, T0)).toEqual(notFound);
    expect(deleteRule(state, TARGET, '00000000-0000-4000-8000-ffffffffffff', T0)).toEqual(notFound);
    const gone = ok(deleteRule(state, TARGET, id, T0)).state;
    expect(deleteRule(gone, TARGET, id, T0 + STEP_MS)).toEqual(notFound);
  });

  it('refuses to remove the infrastructure rule', () => {
    expect(deleteRule(created(), TARGET, infrastructureRuleId(TARGET.service_ref), T0)).toEqual({
      ok: false,
      refusal: {
        kind: 'conflict',
        error: 'shield_rule_not_customer_managed',
        status: 'infrastructure',
      },
    });
  });
});
