import { ShieldEntitlement } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BLOCK_REASON, mutationBlockReason, resolveEntitlement } from './entitlement';

const NOW = new Date('2026-01-01T00:00:00Z');

describe('resolveEntitlement', () => {
  it('has no entitlement without a subscription', () => {
    expect(resolveEntitlement(null, NOW)).toBeNull();
    expect(resolveEntitlement(undefined, NOW)).toBeNull();
  });

  it('reports the fixed Advanced values of the spec for an active subscription', () => {
    const entitlement = resolveEntitlement({ status: 'active', grace_ends_at: null }, NOW);
    expect(ShieldEntitlement.parse(entitlement)).toEqual({
      tier: 'advanced',
      status: 'active',
      rules_per_ip: 30,
      rules_per_account: 300,
      rate_rules_per_ip: 10,
      custom_rules: true,
      customer_api: true,
      history_days: 30,
      analyzer_hours: 720,
      mutations_blocked: false,
    });
  });

  it('keeps a grace subscription until its end on the server clock, then drops it', () => {
    const sub = { status: 'grace', grace_ends_at: '2026-01-02T00:00:00Z' } as const;
    const during = resolveEntitlement(sub, NOW);
    expect(during?.status).toBe('grace');
    expect(during?.grace_ends_at).toBe('2026-01-02T00:00:00.000Z');
    expect(resolveEntitlement(sub, new Date('2026-01-01T23:59:59.999Z'))).not.toBeNull();
    expect(resolveEntitlement(sub, new Date('2026-01-02T00:00:00Z'))).toBeNull();
  });

  it('reports blocked mutations with their reason, or a default one', () => {
    const withReason = resolveEntitlement(
      { status: 'active', mutations_blocked: true, mutation_blocked_reason: 'payment_overdue' },
      NOW,
    );
    expect(withReason).toMatchObject({
      mutations_blocked: true,
      mutation_blocked_reason: 'payment_overdue',
    });
    expect(mutationBlockReason(withReason!)).toBe('payment_overdue');

    const noReason = resolveEntitlement({ status: 'active', mutations_blocked: true }, NOW);
    expect(mutationBlockReason(noReason!)).toBe(DEFAULT_BLOCK_REASON);
    expect(ShieldEntitlement.safeParse(noReason).success).toBe(true);
  });

  it('allows mutations when not blocked', () => {
    expect(mutationBlockReason(resolveEntitlement({ status: 'active' }, NOW)!)).toBeNull();
  });
});
