import { RuleId, ShieldRule } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { infrastructureRule, infrastructureRuleId } from './infrastructure-rule';

describe('infrastructure rule', () => {
  it('has a stable UUID per service that differs between services', () => {
    const id = infrastructureRuleId('REF-SVC-A1');
    expect(RuleId.safeParse(id).success).toBe(true);
    expect(infrastructureRuleId('REF-SVC-A1')).toBe(id);
    expect(infrastructureRuleId('REF-SVC-A2')).not.toBe(id);
  });

  it('is an active, provider-managed basic rule for the service IP', () => {
    const target = {
      account_ref: 'REF-ACCT-A1',
      service_ref: 'REF-SVC-A1',
      protected_ip: '203.0.113.10',
    };
    const rule = infrastructureRule(target, new Date('2026-01-01T00:00:00Z'));
    expect(ShieldRule.parse(rule)).toMatchObject({
      protected_ip: '203.0.113.10',
      kind: 'profile',
      tier: 'basic',
      state: 'active',
      desired_enabled: true,
    });
  });
});
