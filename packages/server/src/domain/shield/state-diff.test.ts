import { describe, expect, it } from 'vitest';
import { applyProfile } from './profiles';
import { createCustomRule, deleteRule } from './rule-commands';
import { settleApplies } from './settle';
import { emptyShieldState, type ShieldState, type ShieldTarget, STEP_MS } from './state';
import { applyShieldDiff, diffShieldState } from './state-diff';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const TARGET: ShieldTarget = {
  account_ref: 'REF-ACCT-A1',
  service_ref: 'REF-SVC-A1',
  protected_ip: '203.0.113.10',
};
let n = 0;
const create = { now: T0, newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` };

function accepted(outcome: { ok: boolean; state?: ShieldState }): ShieldState {
  if (!outcome.ok || outcome.state === undefined) throw new Error('refused');
  return outcome.state;
}

// Every step of a realistic history, diffed and replayed onto a copy that went through JSON.
function replayHistory(steps: Array<(state: ShieldState) => ShieldState>) {
  let live = emptyShieldState();
  let replayed: ShieldState = JSON.parse(JSON.stringify(live));
  const diffs = [];
  for (const step of steps) {
    const next = step(live);
    const diff = diffShieldState(live, next);
    if (diff !== undefined) {
      diffs.push(diff);
      replayed = applyShieldDiff(replayed, JSON.parse(JSON.stringify(diff)));
    }
    live = next;
  }
  return { live, replayed, diffs };
}

describe('Shield state diff', () => {
  it('is undefined when nothing changed', () => {
    const state = emptyShieldState();
    expect(diffShieldState(state, state)).toBeUndefined();
    expect(diffShieldState(state, { ...state })).toBeUndefined();
  });

  it('replays creates, profiles, settles and deletes to the same state', () => {
    const intent = {
      name: 'dns',
      mode: 'enforce',
      action: 'drop',
      risk: 'low',
      protocol: 'udp',
      destination_port: 53,
    } as const;
    let ruleId = '';
    const { live, replayed, diffs } = replayHistory([
      (s) => {
        const outcome = createCustomRule(s, TARGET, intent, create);
        if (outcome.ok) ruleId = outcome.value.id;
        return accepted(outcome);
      },
      (s) => accepted(applyProfile(s, TARGET, 'default', create)),
      (s) => settleApplies(s, T0 + 3 * STEP_MS, true).state,
      (s) => accepted(applyProfile(s, TARGET, 'strict', { ...create, now: T0 + 4 * STEP_MS })),
      (s) => accepted(deleteRule(s, TARGET, ruleId, T0 + 5 * STEP_MS)),
    ]);
    expect(replayed).toEqual(JSON.parse(JSON.stringify(live)));
    expect(diffs.length).toBe(5);
  });

  it('carries only the changed rule, not the whole list', () => {
    let state = emptyShieldState();
    const intent = { name: 'r', mode: 'observe', action: 'pass', risk: 'low', protocol: 'tcp' };
    for (let i = 0; i < 20; i++) {
      state = accepted(createCustomRule(state, TARGET, intent as never, create));
    }
    const target = state.rules[7]?.id ?? '';
    const next = accepted(deleteRule(state, TARGET, target, T0 + 1000));
    const diff = diffShieldState(state, next);
    expect(diff?.rules?.upsert?.map((rule) => rule.id)).toEqual([target]);
    expect(diff?.profiles).toBeUndefined();
  });
});
