import { ShieldCapabilities, ShieldEntitlement, ShieldOverview } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { resolveEntitlement } from './entitlement';
import { infrastructureRuleId } from './infrastructure-rule';
import type { ShieldOutcome } from './outcome';
import { applyProfile } from './profiles';
import { createCustomRule, createPresetRule } from './rule-commands';
import { emptyShieldState, type ShieldTarget } from './state';
import { capabilitiesOf, listRules, overviewOf } from './views';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const SINCE = new Date('2025-12-01T00:00:00Z');
const TARGET: ShieldTarget = {
  account_ref: 'REF-ACCT-A1',
  service_ref: 'REF-SVC-A1',
  protected_ip: '203.0.113.10',
};
const entitlement = ShieldEntitlement.parse(resolveEntitlement({ status: 'active' }, new Date(T0)));
let n = 0;
const ctx = (now: number) => ({
  now,
  newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
});
const ok = <T>(outcome: ShieldOutcome<T>) => {
  if (!outcome.ok) throw new Error('refused');
  return outcome;
};

describe('views', () => {
  it('lists the infrastructure rule first, then own rules in creation order', () => {
    let state = ok(createPresetRule(emptyShieldState(), TARGET, 'rate-limit-syn', ctx(T0))).state;
    const other = { ...TARGET, service_ref: 'REF-SVC-B2', protected_ip: '192.0.2.5' };
    state = ok(
      createCustomRule(
        state,
        other,
        { name: 'x', mode: 'observe', action: 'pass', risk: 'low', protocol: 'any' },
        ctx(T0),
      ),
    ).state;
    state = ok(applyProfile(state, TARGET, 'low', ctx(T0 + 1_000))).state;
    const rules = listRules(state, TARGET, T0 + 2_000, SINCE);
    expect(rules.map((r) => r.kind)).toEqual(['profile', 'preset', 'profile']);
    expect(rules[0]).toMatchObject({ id: infrastructureRuleId('REF-SVC-A1'), tier: 'basic' });
    expect(rules.every((r) => r.service_ref === 'REF-SVC-A1')).toBe(true);
  });

  it('builds valid capabilities and overview documents', () => {
    expect(ShieldCapabilities.parse(capabilitiesOf(entitlement)).presets).toHaveLength(3);
    const overview = ShieldOverview.parse(
      overviewOf(emptyShieldState(), TARGET, entitlement, T0, SINCE),
    );
    expect(overview.profile).toEqual({ code: 'off', state: 'off' });
    expect(overview.rules).toHaveLength(1);
    expect(overview.profiles).toHaveLength(4);
  });
});
