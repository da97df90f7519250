import { LIMITS, type ShieldEntitlement } from '@refapi/schema';

/** The account's Advanced subscription as a scenario describes it (`accounts[].shield`). */
export interface ShieldSubscription {
  readonly status: 'active' | 'grace';
  readonly grace_ends_at?: string | null | undefined;
  readonly mutations_blocked?: boolean | undefined;
  readonly mutation_blocked_reason?: string | null | undefined;
}

/** Status code reported in 409 bodies when mutations are blocked without a stated reason. */
export const DEFAULT_BLOCK_REASON = 'mutations_blocked';

/**
 * The entitlement the account holds at `now`, or null when it has none: no subscription,
 * or a grace period that has ended on the server clock.
 */
export function resolveEntitlement(
  subscription: ShieldSubscription | null | undefined,
  now: Date,
): ShieldEntitlement | null {
  if (!subscription) return null;
  const graceEnds = subscription.grace_ends_at ? new Date(subscription.grace_ends_at) : null;
  if (subscription.status === 'grace' && graceEnds && now.getTime() >= graceEnds.getTime()) {
    return null;
  }
  const blocked = subscription.mutations_blocked === true;
  return {
    tier: 'advanced',
    status: subscription.status,
    rules_per_ip: LIMITS.shieldRulesPerIp,
    rules_per_account: LIMITS.shieldRulesPerAccount,
    rate_rules_per_ip: LIMITS.shieldRateRulesPerIp,
    custom_rules: true,
    customer_api: true,
    history_days: LIMITS.shieldHistoryDays,
    analyzer_hours: LIMITS.shieldAnalyzerHours,
    ...(graceEnds && subscription.status === 'grace'
      ? { grace_ends_at: graceEnds.toISOString() }
      : {}),
    mutations_blocked: blocked,
    ...(blocked ? { mutation_blocked_reason: blockReason(subscription) } : {}),
  };
}

/** Why mutations are refused (the 409 `status`), or null when they are allowed. */
export function mutationBlockReason(entitlement: ShieldEntitlement): string | null {
  return entitlement.mutations_blocked
    ? (entitlement.mutation_blocked_reason ?? DEFAULT_BLOCK_REASON)
    : null;
}

function blockReason(subscription: ShieldSubscription): string {
  const reason = subscription.mutation_blocked_reason?.trim();
  return reason ? reason : DEFAULT_BLOCK_REASON;
}
