// How every client names a Shield rule in a listing (reference-server spec, section 8, as
// corrected in the fifth round): from what the answer has, never from fields the real service
// does not return. The CLI, the console and the MCP tools all call these, so one rule reads the
// same everywhere.

/** The label of the provider's emergency (infrastructure) rule, in every client. */
export const EMERGENCY_RULE_NAME = 'provider emergency rule';

/** The fields of an answered rule (a `ShieldRule`) that its label reads. */
export interface LabelledRule {
  readonly id: string;
  readonly tier: string;
  readonly kind: string;
  readonly preset_code?: string | undefined;
  readonly preset_version?: string | undefined;
}

/**
 * The rule's label for people, from the answer alone: the provider's emergency rule (the only
 * `basic` one) is `provider emergency rule`, a preset rule its preset code and version
 * (`rate-limit-syn v1`), any other rule its id.
 */
export function shieldRuleLabel(rule: LabelledRule): string {
  if (rule.tier === 'basic') return EMERGENCY_RULE_NAME;
  if (rule.preset_code !== undefined) {
    return rule.preset_version === undefined
      ? rule.preset_code
      : `${rule.preset_code} v${rule.preset_version}`;
  }
  return rule.id;
}

/**
 * The fields of a rule's intent (a `ShieldRuleIntent`, what a client sent) that say what
 * traffic it matches. Only the client that created a rule knows them.
 */
export interface MatchedRule {
  readonly protocol?: string | undefined;
  readonly source_cidr?: string | undefined;
  readonly destination_port?: number | undefined;
}

/** What a rule's intent matches, like `udp dst 53 from 198.51.100.0/24` (or `any`). */
export function shieldRuleMatch(rule: MatchedRule): string {
  const parts = [rule.protocol ?? 'any'];
  if (rule.destination_port !== undefined) parts.push(`dst ${rule.destination_port}`);
  if (rule.source_cidr !== undefined) parts.push(`from ${rule.source_cidr}`);
  return parts.join(' ');
}
