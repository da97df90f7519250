import { ShieldRule } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { activeSince, rulePhaseAt, toPublicRule } from './lifecycle';
import { type ShieldRuleRecord, STEP_MS } from './state';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const rule = (patch: Partial<ShieldRuleRecord> = {}): ShieldRuleRecord => ({
  id: '0b6f7d52-7f0e-4e59-9d55-2a1f3c7e9a10',
  seq: 1,
  account_ref: 'REF-ACCT-A1',
  service_ref: 'REF-SVC-A1',
  protected_ip: '203.0.113.10',
  kind: 'custom',
  name: 'block dns',
  action: 'drop',
  protocol: 'udp',
  queued_at: T0,
  ...patch,
});

describe('rulePhaseAt', () => {
  it('walks queued → applying → active, one 5 s step each', () => {
    const r = rule();
    expect(rulePhaseAt(r, T0).phase).toBe('queued');
    expect(rulePhaseAt(r, T0 + STEP_MS - 1).phase).toBe('queued');
    expect(rulePhaseAt(r, T0 + STEP_MS)).toEqual({ phase: 'applying', since: T0 + STEP_MS });
    expect(rulePhaseAt(r, T0 + 2 * STEP_MS - 1).phase).toBe('applying');
    expect(rulePhaseAt(r, T0 + 2 * STEP_MS)).toEqual({ phase: 'active', since: T0 + 2 * STEP_MS });
    expect(rulePhaseAt(r, T0 + 86_400_000).phase).toBe('active');
  });

  it('ends failed instead of active when the apply failed', () => {
    const r = rule({ outcome: 'failed', last_error_code: 'apply_failed' });
    expect(rulePhaseAt(r, T0 + STEP_MS).phase).toBe('applying');
    expect(rulePhaseAt(r, T0 + 2 * STEP_MS).phase).toBe('failed');
  });

  it('rolls back for one step after a delete, then is gone', () => {
    const deletedAt = T0 + 60_000;
    const r = rule({ outcome: 'ok', rollback_at: deletedAt });
    expect(rulePhaseAt(r, deletedAt - 1).phase).toBe('active');
    expect(rulePhaseAt(r, deletedAt)).toEqual({ phase: 'rolling_back', since: deletedAt });
    expect(rulePhaseAt(r, deletedAt + STEP_MS).phase).toBe('gone');
  });

  it('is gone from the moment it expires', () => {
    const r = rule({ expires_at: T0 + 3_600_000 });
    expect(rulePhaseAt(r, T0 + 3_600_000 - 1).phase).toBe('active');
    expect(rulePhaseAt(r, T0 + 3_600_000).phase).toBe('gone');
  });

  it('reports when the rule became active, only while it is', () => {
    expect(activeSince(rule(), T0 + STEP_MS)).toBeNull();
    expect(activeSince(rule(), T0 + 99_000)).toBe(T0 + 2 * STEP_MS);
    expect(activeSince(rule({ outcome: 'failed' }), T0 + 99_000)).toBeNull();
  });
});

describe('toPublicRule', () => {
  it('is a valid ShieldRule carrying the derived state, no internal field and no intent', () => {
    const r = rule({
      expires_at: T0 + 7_200_000,
      last_error_code: 'x',
      outcome: 'failed',
      destination_port: 53,
      source_cidr: '198.51.100.0/24',
    });
    const out = toPublicRule(r, T0 + 20_000);
    expect(ShieldRule.parse(out)).toEqual(out);
    expect(out).toEqual({
      id: r.id,
      service_ref: 'REF-SVC-A1',
      protected_ip: '203.0.113.10',
      kind: 'custom',
      tier: 'advanced',
      state: 'failed',
      desired_enabled: true,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:10.000Z',
      expires_at: '2026-01-01T02:00:00.000Z',
      last_error_code: 'x',
    });
  });

  it('marks a rolling-back rule as no longer desired and hides a gone one', () => {
    const r = rule({ rollback_at: T0 + 20_000 });
    expect(toPublicRule(r, T0 + 21_000)).toMatchObject({
      state: 'rolling_back',
      desired_enabled: false,
      updated_at: '2026-01-01T00:00:20.000Z',
    });
    expect(toPublicRule(r, T0 + 25_000)).toBeNull();
  });
});
