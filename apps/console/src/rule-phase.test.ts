import type { ShieldRuleRecord } from '@refapi/server/browser';
import { describe, expect, it } from 'vitest';
// The server's own lifecycle, to pin the console's copy of it (the console cannot bundle it).
import { rulePhaseAt } from '../../../packages/server/src/domain/shield/lifecycle';
import { STEP_MS as SERVER_STEP_MS } from '../../../packages/server/src/domain/shield/state';
import { rulePhase, ruleTimeline, STEP_MS } from './rule-phase';

const rule = (patch: Partial<ShieldRuleRecord> = {}): ShieldRuleRecord => ({
  id: 'r1',
  seq: 1,
  account_ref: 'REF-ACCT-1',
  service_ref: 'REF-SVC-101',
  protected_ip: '203.0.113.10',
  kind: 'custom',
  name: 'drop dns',
  action: 'drop',
  protocol: 'udp',
  queued_at: 1_000_000,
  ...patch,
});

describe('ruleTimeline', () => {
  it('walks queued → applying → active one step each', () => {
    const r = rule();
    expect(ruleTimeline(r, r.queued_at + 2 * STEP_MS)).toEqual([
      { phase: 'queued', at: r.queued_at },
      { phase: 'applying', at: r.queued_at + STEP_MS },
      { phase: 'active', at: r.queued_at + 2 * STEP_MS },
    ]);
  });

  it('ends in failed for a failed apply', () => {
    const r = rule({ outcome: 'failed', last_error_code: 'apply_failed' });
    expect(rulePhase(r, r.queued_at + 3 * STEP_MS)).toBe('failed');
  });

  it('agrees with the server at every instant, rollbacks and expiry included', () => {
    expect(STEP_MS).toBe(SERVER_STEP_MS);
    const variants = [
      rule(),
      rule({ outcome: 'failed' }),
      rule({ rollback_at: 1_000_000 + 12_000 }),
      rule({ rollback_at: 1_000_000 + 3_000 }),
      rule({ expires_at: 1_000_000 + 7_000 }),
      rule({ expires_at: 1_000_000 + 30_000, rollback_at: 1_000_000 + 20_000 }),
    ];
    for (const r of variants) {
      for (let t = r.queued_at; t < r.queued_at + 40_000; t += 500) {
        expect(rulePhase(r, t), `${JSON.stringify(r)} at +${t - r.queued_at}`).toBe(
          rulePhaseAt(r as Parameters<typeof rulePhaseAt>[0], t).phase,
        );
      }
    }
  });
});
