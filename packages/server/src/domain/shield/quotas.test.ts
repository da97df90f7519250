import { describe, expect, it } from 'vitest';
import type { RuleAction } from './catalog';
import { checkQuotas } from './quotas';
import type { ShieldRuleRecord, ShieldTarget } from './state';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const NOW = T0 + 60_000;
const TARGET: ShieldTarget = {
  account_ref: 'REF-ACCT-A1',
  service_ref: 'REF-SVC-A1',
  protected_ip: '203.0.113.10',
};

let n = 0;
function rules(count: number, patch: Partial<ShieldRuleRecord> = {}): ShieldRuleRecord[] {
  return Array.from({ length: count }, () => {
    n++;
    return {
      id: `id-${n}`,
      seq: n,
      ...TARGET,
      kind: 'custom' as const,
      name: 'r',
      action: 'drop' as RuleAction,
      protocol: 'any',
      queued_at: T0,
      ...patch,
    };
  });
}
const adding = (...actions: RuleAction[]) => ({
  target: TARGET,
  adding: actions.map((action) => ({ action })),
});

describe('checkQuotas', () => {
  it('allows the 30th rule of an IP and refuses the 31st', () => {
    expect(checkQuotas(rules(29), adding('drop'), NOW)).toBeNull();
    expect(checkQuotas(rules(30), adding('drop'), NOW)).toEqual({
      quota: 'rules_per_ip',
      limit: 30,
    });
  });

  it('allows the 10th rate-limit rule of an IP and refuses the 11th', () => {
    expect(checkQuotas(rules(9, { action: 'rate_limit' }), adding('rate_limit'), NOW)).toBeNull();
    expect(checkQuotas(rules(10, { action: 'rate_limit' }), adding('rate_limit'), NOW)).toEqual({
      quota: 'rate_rules_per_ip',
      limit: 10,
    });
    // Ten rate-limit rules leave room for other kinds of rules.
    expect(checkQuotas(rules(10, { action: 'rate_limit' }), adding('drop'), NOW)).toBeNull();
  });

  it('allows the 300th rule of an account and refuses the 301st, over all its IPs', () => {
    const spread = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        rules(1, { protected_ip: `198.51.100.${(i % 20) + 1}`, service_ref: `REF-SVC-${i % 20}` }),
      ).flat();
    expect(checkQuotas(spread(299), adding('drop'), NOW)).toBeNull();
    expect(checkQuotas(spread(300), adding('drop'), NOW)).toEqual({
      quota: 'rules_per_account',
      limit: 300,
    });
    const otherAccount = rules(300, { account_ref: 'REF-ACCT-B2', protected_ip: '192.0.2.1' });
    expect(checkQuotas(otherAccount, adding('drop'), NOW)).toBeNull();
  });

  it('checks a multi-rule request as a whole', () => {
    expect(checkQuotas(rules(28), adding('drop', 'drop'), NOW)).toBeNull();
    expect(checkQuotas(rules(28), adding('drop', 'drop', 'drop'), NOW)?.quota).toBe('rules_per_ip');
  });

  it('frees the slots of replaced, gone and failed rules but not of rolling-back ones', () => {
    const existing = rules(30);
    const replacing = new Set(existing.slice(0, 2).map((r) => r.id));
    expect(checkQuotas(existing, { ...adding('drop', 'drop'), replacing }, NOW)).toBeNull();

    const failed = rules(1, { outcome: 'failed' });
    const gone = rules(1, { rollback_at: T0 });
    const expired = rules(1, { expires_at: T0 + 1 });
    expect(
      checkQuotas([...rules(29), ...failed, ...gone, ...expired], adding('drop'), NOW),
    ).toBeNull();

    const rollingBack = rules(1, { rollback_at: NOW - 1 });
    expect(checkQuotas([...rules(29), ...rollingBack], adding('drop'), NOW)?.quota).toBe(
      'rules_per_ip',
    );
  });
});
