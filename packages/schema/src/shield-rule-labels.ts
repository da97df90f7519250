// How every client names and describes a Shield rule in a listing (reference-server spec,
// section 8): the CLI, the console and the MCP tools all call these, so one rule reads the
// same everywhere.

/** The label of the provider's emergency (infrastructure) rule, in every client. */
export const EMERGENCY_RULE_NAME = 'provider emergency rule';

/** The fields of a rule that say what traffic it matches. */
export interface MatchedRule {
  readonly protocol?: string | undefined;
  readonly source_cidr?: string | undefined;
  readonly destination_port?: number | undefined;
}

/** The fields of a listed rule the labels read (a `ShieldRule`). */
export interface LabelledRule extends MatchedRule {
  readonly tier: string;
  readonly kind: string;
  readonly name?: string | undefined;
  readonly preset_code?: string | undefined;
}

/**
 * The rule's name for people: the provider's emergency rule (the only `basic` one) is
 * `provider emergency rule`; others show their name, else their preset code or kind.
 */
export function shieldRuleLabel(rule: LabelledRule): string {
  if (rule.tier === 'basic') return EMERGENCY_RULE_NAME;
  return rule.name ?? rule.preset_code ?? rule.kind;
}

/** What the rule matches, like `udp dst 53 from 198.51.100.0/24` (or `any`). */
export function shieldRuleMatch(rule: MatchedRule): string {
  const parts = [rule.protocol ?? 'any'];
  if (rule.destination_port !== undefined) parts.push(`dst ${rule.destination_port}`);
  if (rule.source_cidr !== undefined) parts.push(`from ${rule.source_cidr}`);
  return parts.join(' ');
}
