import { LIMITS } from '@refapi/schema';
import type { RuleAction } from './catalog';
import { rulePhaseAt } from './lifecycle';
import type { ShieldRuleRecord, ShieldTarget } from './state';

/** Which quota a request would exceed; the 409 `status`. */
type QuotaName = 'rules_per_ip' | 'rules_per_account' | 'rate_rules_per_ip';

/** A quota a request would exceed, with its limit. */
export interface QuotaViolation {
  readonly quota: QuotaName;
  readonly limit: number;
}

/** What a request wants to add, and which existing rules it replaces at the same time. */
export interface QuotaRequest {
  readonly target: ShieldTarget;
  readonly adding: readonly { readonly action: RuleAction }[];
  readonly replacing?: ReadonlySet<string>;
}

// A rule holds its slot from queued until it is gone, rollback included; a failed rule
// never reached the router, so it holds none.
function holdsSlot(rule: ShieldRuleRecord, now: number): boolean {
  const { phase } = rulePhaseAt(rule, now);
  return phase !== 'gone' && phase !== 'failed';
}

/**
 * Checks all three quotas for the whole request at once: either everything fits or the
 * first exceeded quota is returned and nothing may be created.
 */
export function checkQuotas(
  rules: readonly ShieldRuleRecord[],
  request: QuotaRequest,
  now: number,
): QuotaViolation | null {
  let perIp = 0;
  let perAccount = 0;
  let ratePerIp = 0;
  for (const rule of rules) {
    if (request.replacing?.has(rule.id) || !holdsSlot(rule, now)) continue;
    if (rule.account_ref === request.target.account_ref) perAccount++;
    if (rule.protected_ip === request.target.protected_ip) {
      perIp++;
      if (rule.action === 'rate_limit') ratePerIp++;
    }
  }
  const added = request.adding.length;
  const addedRate = request.adding.filter((rule) => rule.action === 'rate_limit').length;
  if (perIp + added > LIMITS.shieldRulesPerIp) {
    return { quota: 'rules_per_ip', limit: LIMITS.shieldRulesPerIp };
  }
  if (ratePerIp + addedRate > LIMITS.shieldRateRulesPerIp) {
    return { quota: 'rate_rules_per_ip', limit: LIMITS.shieldRateRulesPerIp };
  }
  if (perAccount + added > LIMITS.shieldRulesPerAccount) {
    return { quota: 'rules_per_account', limit: LIMITS.shieldRulesPerAccount };
  }
  return null;
}
