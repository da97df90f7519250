import { applyEndsAt } from './lifecycle';
import type { ShieldRuleRecord, ShieldState } from './state';

/** Error code a rule carries when the provider failed to apply it. */
export const APPLY_FAILED = 'apply_failed';

/** Result of settling: the new state and whether the armed fault was used up. */
export interface SettleResult {
  readonly state: ShieldState;
  readonly faultConsumed: boolean;
}

/**
 * Decides the outcome of every apply step that has ended by `now`, in the order they
 * ended. With `faultArmed`, the first of them fails (the admin `shield: "fail"` switch
 * fails exactly the next apply); a failed rule of a profile bundle rolls the whole bundle
 * back from that instant. Run before every read or write so the derived states hold.
 */
export function settleApplies(state: ShieldState, now: number, faultArmed: boolean): SettleResult {
  const due = state.rules
    .filter(
      (rule) =>
        rule.outcome === undefined &&
        applyEndsAt(rule) <= now &&
        (rule.rollback_at === undefined || rule.rollback_at > applyEndsAt(rule)) &&
        (rule.expires_at === undefined || rule.expires_at > applyEndsAt(rule)),
    )
    .sort((a, b) => applyEndsAt(a) - applyEndsAt(b) || a.seq - b.seq);
  if (due.length === 0) return { state, faultConsumed: false };

  const failing = faultArmed ? due[0] : undefined;
  const decided = new Set(due.map((rule) => rule.id));
  const rules = state.rules.map((rule): ShieldRuleRecord => {
    if (failing && rule.id === failing.id) {
      return {
        ...rule,
        outcome: 'failed',
        last_error_code: APPLY_FAILED,
        ...(rule.bundle_id !== undefined ? { rollback_at: applyEndsAt(rule) } : {}),
      };
    }
    const next = decided.has(rule.id) ? { ...rule, outcome: 'ok' as const } : rule;
    // The bundle of a failed rule rolls back as one unit, from the failure on.
    if (failing?.bundle_id !== undefined && next.bundle_id === failing.bundle_id) {
      const at = applyEndsAt(failing);
      return next.rollback_at !== undefined && next.rollback_at <= at
        ? next
        : { ...next, rollback_at: at };
    }
    return next;
  });
  return { state: { ...state, rules }, faultConsumed: failing !== undefined };
}
