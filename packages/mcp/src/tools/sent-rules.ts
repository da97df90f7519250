import { type ShieldRuleIntent, shieldRuleMatch } from '@refapi/schema';

// The API answers a Shield rule with its id, kind and state, never with the name, mode,
// action and match it was created with (the real service does not return them). The tools
// keep what the agent sent for the rules it created, and hand it back apart from the API's
// answer, under `sent`, so an agent never mistakes its own words for the service's.

/** Rules remembered per process: the API's account quota (300) twice over, oldest dropped. */
const SENT_RULES_MAX = 600;

/** What the agent sent for one rule, as the tools report it under `sent`. */
export interface SentRule {
  readonly name: string;
  readonly mode: string;
  readonly action: string;
  readonly match: string;
}

/** What the agent sent for the rules it created, by rule id (bounded, oldest first out). */
export class SentRules {
  readonly #byId = new Map<string, SentRule>();

  /** Remembers what was sent for rule `id`. */
  remember(id: string, intent: ShieldRuleIntent): void {
    this.#byId.delete(id);
    this.#byId.set(id, {
      name: intent.name,
      mode: intent.mode,
      action: intent.action,
      match: shieldRuleMatch(intent),
    });
    if (this.#byId.size > SENT_RULES_MAX) this.#byId.delete(this.#byId.keys().next().value!);
  }

  /** What was sent for the rules among `ids` that the agent created. */
  of(ids: readonly string[]): Record<string, SentRule> {
    return Object.fromEntries(
      ids.flatMap((id) => (this.#byId.has(id) ? [[id, this.#byId.get(id)!]] : [])),
    );
  }
}

type Data = Record<string, unknown>;
const ruleIds = (rules: unknown): string[] =>
  Array.isArray(rules) ? rules.map((rule) => String((rule as Data).id)) : [];

/**
 * A tool's result with what the agent sent beside the API's answer: a created rule's intent is
 * remembered and returned as `sent`; a listing (rules, overview) gets `sent` for the rules
 * among its own that the agent created. Other results are returned as they are.
 */
export function withSentRules(
  tool: string,
  data: unknown,
  body: Readonly<Record<string, unknown>>,
  sent: SentRules,
): unknown {
  const answer = data as Data;
  if (tool === 'shield_rules_create') {
    const id = String((answer.rule as Data).id);
    sent.remember(id, body as ShieldRuleIntent);
    return { ...answer, sent: sent.of([id])[id] };
  }
  if (tool === 'shield_rules_list' || tool === 'shield_overview') {
    const known = sent.of(ruleIds(answer.rules));
    return Object.keys(known).length === 0 ? data : { ...answer, sent: known };
  }
  return data;
}
