import { shieldRuleLabel, shieldRuleMatch } from '@refapi/schema/shield';
import type { ShieldRuleRecord } from '@refapi/server/browser';
import { describe, expect, it } from 'vitest';
import {
  INFRASTRUCTURE_RULE_INTENT,
  infrastructureRule,
} from '../../../packages/server/src/domain/shield/infrastructure-rule';
// The server's own listing (`GET …/shield/rules`), to pin the console's count to the API's.
import { listRules } from '../../../packages/server/src/domain/shield/views';
import { STEP_MS } from './rule-phase';
import { emergencyRule, ruleMatch, ruleMode, serviceRules } from './shield-rules';

const T0 = 1_767_225_600_000;
const rule = (patch: Partial<ShieldRuleRecord>): ShieldRuleRecord => ({
  id: `r${patch.seq ?? 1}`,
  seq: 1,
  account_ref: 'REF-ACCT-1',
  service_ref: 'REF-SVC-101',
  protected_ip: '203.0.113.10',
  kind: 'custom',
  name: 'drop dns',
  action: 'drop',
  mode: 'enforce',
  protocol: 'udp',
  queued_at: T0,
  ...patch,
});

const RULES = [
  rule({ seq: 1 }),
  rule({ seq: 2, queued_at: T0 + 1_000, mode: 'observe' }),
  rule({ seq: 3, queued_at: T0 + 2_000, rollback_at: T0 + 3_000 }),
  rule({ seq: 4, queued_at: T0 + 2_000, expires_at: T0 + 4_000 }),
  rule({ seq: 5, queued_at: T0 + 5_000, service_ref: 'REF-SVC-102' }),
  rule({ seq: 6, queued_at: T0 + 60_000, kind: 'preset', preset_code: 'rate-limit-syn' }),
];

describe('serviceRules', () => {
  it('lists what the API lists, newest first, and counts the provider rule too', () => {
    const now = T0 + 60_000 + STEP_MS;
    const { listed, gone, count } = serviceRules(RULES, 'REF-SVC-101', now);
    expect(listed.map((r) => r.seq)).toEqual([6, 2, 1]);
    expect(gone.map((r) => r.seq)).toEqual([4, 3]);
    expect(count).toBe(4);
  });

  it('counts exactly the rules of the server’s own listing, at every instant', () => {
    const target = {
      account_ref: 'REF-ACCT-1',
      service_ref: 'REF-SVC-101',
      protected_ip: '203.0.113.10',
    };
    // JSON has no `undefined`: the state document's records are the domain's records.
    const rules = RULES as Parameters<typeof listRules>[0]['rules'];
    const state = { rules, profiles: [], next_seq: 7 };
    for (let now = T0 - 1_000; now < T0 + 80_000; now += 500) {
      const api = listRules(state, target, now, new Date(T0));
      const console = serviceRules(RULES, 'REF-SVC-101', now);
      expect(console.count, `at +${now - T0} ms`).toBe(api.length);
      expect(new Set(console.listed.map((r) => r.id))).toEqual(
        new Set(api.slice(1).map((r) => r.id)),
      );
    }
  });
});

describe('rule mode', () => {
  it('shows an observe-mode rule as one that would act, not one that acts', () => {
    expect(ruleMatch(rule({ destination_port: 53 }))).toBe('drop udp dst 53');
    expect(ruleMatch(rule({ mode: 'observe', destination_port: 53 }))).toBe(
      'would drop udp dst 53',
    );
    expect(ruleMatch(rule({ destination_port: 53, source_cidr: '198.51.100.0/24' }))).toBe(
      'drop udp dst 53 from 198.51.100.0/24',
    );
    expect(ruleMatch(rule({ action: 'rate_limit', protocol: 'tcp' }))).toBe('rate limit tcp');
  });

  it('says when a rule was stored without its mode', () => {
    expect(ruleMode(rule({ mode: 'observe' }))).toBe('observe');
    const { mode: _, ...old } = rule({});
    expect(ruleMode(old)).toBe('unknown');
  });
});

describe('the emergency rule', () => {
  it('reads with the label the API answer gives it and what the server knows it does', () => {
    const listed = infrastructureRule(
      { account_ref: 'REF-ACCT-1', service_ref: 'REF-SVC-101', protected_ip: '203.0.113.10' },
      new Date(T0),
    );
    expect(emergencyRule).toEqual({
      label: shieldRuleLabel(listed),
      mode: INFRASTRUCTURE_RULE_INTENT.mode,
      match: `${INFRASTRUCTURE_RULE_INTENT.action.replace('_', ' ')} ${shieldRuleMatch(INFRASTRUCTURE_RULE_INTENT)}`,
    });
    expect(emergencyRule).toEqual({
      label: 'provider emergency rule',
      mode: 'enforce',
      match: 'rate limit any',
    });
  });
});
