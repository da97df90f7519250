import { shieldRuleLabel, shieldRuleMatch } from '@refapi/schema/shield';
import type { ShieldRuleRecord } from '@refapi/server/browser';
import { newestFirst } from './newest-first';
import { rulePhase } from './rule-phase';

/** How a rule acts: `observe` only reports, `enforce` acts; `unknown` on rules stored before modes were kept. */
export type RuleMode = 'observe' | 'enforce' | 'unknown';

/** The mode of a rule record. */
export const ruleMode = (rule: ShieldRuleRecord): RuleMode => rule.mode ?? 'unknown';

/** What {@link ruleMatch} reads of a rule: a stored record, or the provider's emergency rule. */
type MatchedRule = Pick<ShieldRuleRecord, 'mode' | 'action'> &
  Parameters<typeof shieldRuleMatch>[0];

/**
 * What a rule does and matches, as words, the match as every client writes it
 * (`shieldRuleMatch`): `drop udp dst 53 from 198.51.100.0/24`, and for an observe-mode rule
 * `would drop udp dst 53` (it only reports; nothing is dropped).
 */
export function ruleMatch(rule: MatchedRule): string {
  const action = rule.action.replace('_', ' ');
  return `${rule.mode === 'observe' ? 'would ' : ''}${action} ${shieldRuleMatch(rule)}`;
}

// The provider's emergency rule: its label as the API's answer gives it (tier `basic`) and what
// the server knows it does (`INFRASTRUCTURE_RULE_INTENT`, never in a `/v1` answer; the console
// reads state records, where it is not stored): the test pins the two together.
const EMERGENCY_RULE = {
  id: '',
  tier: 'basic',
  kind: 'profile',
  mode: 'enforce',
  action: 'rate_limit',
  protocol: 'any',
} as const;

/**
 * The emergency rule's row as every client shows it: its label (`shieldRuleLabel`, the one
 * refctl and the MCP tools use), mode, and what it does and matches (`rate limit any`).
 */
export const emergencyRule = {
  label: shieldRuleLabel(EMERGENCY_RULE),
  mode: EMERGENCY_RULE.mode,
  match: ruleMatch(EMERGENCY_RULE),
} as const;

/** A service's rules at `now` as the API lists them, and those gone from that list. */
export interface ServiceRules {
  /** Customer-managed rules the API lists (not gone, not expired), newest first. */
  readonly listed: ShieldRuleRecord[];
  /** Rules rolled back or expired (the API no longer lists them), newest first. */
  readonly gone: ShieldRuleRecord[];
  /**
   * How many rules the API lists for the service: the provider's emergency
   * (infrastructure) rule, which every protected service has, plus {@link listed}.
   */
  readonly count: number;
}

/** Splits a service's rule records at `now` into listed and gone, newest first. */
export function serviceRules(
  records: readonly ShieldRuleRecord[],
  serviceRef: string,
  now: number,
): ServiceRules {
  const own = newestFirst(
    records.filter((rule) => rule.service_ref === serviceRef),
    (rule) => String(rule.seq),
    (rule) => rule.queued_at,
  );
  const listed = own.filter((rule) => rulePhase(rule, now) !== 'gone');
  const gone = own.filter((rule) => rulePhase(rule, now) === 'gone');
  return { listed, gone, count: listed.length + 1 };
}
