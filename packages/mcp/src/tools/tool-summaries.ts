import { LIMITS, type Money, type ShieldRule, shieldRuleLabel } from '@refapi/schema';
import { shownText } from '@refapi/schema/text';
import { WAIT_TOOL_NAME } from './select';
import type { SentRule } from './sent-rules';

// The first line of a result, which a model may read instead of the JSON: it must say the
// real state. A Shield change is queued, not done, when its call returns; a rule that
// is `queued` is not in effect, and the summary says so.

type Data = Record<string, unknown>;
/** Says what a result means; `exposed` are the tool names the model can call. */
type Summarizer = (data: Data, exposed: readonly string[]) => string;

const follow = (exposed: readonly string[], what: string) =>
  exposed.includes(WAIT_TOOL_NAME) ? ` Call ${WAIT_TOOL_NAME} with ${what} to see it settle.` : '';

function ruleState(rule: Data): string {
  const state = String(rule.state);
  if (state === 'queued' || state === 'applying') return `is ${state}, not in effect yet`;
  if (state === 'failed')
    return `failed${rule.last_error_code ? ` (${String(rule.last_error_code)})` : ''}`;
  if (state === 'rolling_back') return 'is rolling back';
  return `is ${state}`;
}

/** What the agent sent for a rule, said as its own words: `you sent "block dns": enforce drop udp dst 53`. */
const sentWords = (sent: SentRule) =>
  `you sent "${sent.name}": ${sent.mode} ${sent.action} ${sent.match}`;

/**
 * Rules as every client names them, from the API's answer (`provider emergency rule
 * (active)`), and what the agent sent for its own: the API never returns a rule's intent.
 */
function ruleList(rules: readonly ShieldRule[], sent: Readonly<Record<string, SentRule>> = {}) {
  const each = rules.map((rule) => {
    const mine = sent[rule.id];
    return `${shieldRuleLabel(rule)} (${[rule.kind, rule.state].join(', ')}${mine ? `; ${sentWords(mine)}` : ''})`;
  });
  const origin =
    " Names, modes, actions and matches are not in the API's answer: `sent` holds what you sent for the rules you created.";
  return `${rules.length} rule(s): ${each.join('; ')}.${Object.keys(sent).length > 0 ? origin : ''}`;
}

const queuedRule: Summarizer = (data, exposed) => {
  const rule = data.rule as Data;
  const preset = rule.preset_code ? ` (preset ${String(rule.preset_code)})` : '';
  const settling = ['queued', 'applying'].includes(String(rule.state));
  const sent = data.sent as SentRule | undefined;
  const mine = sent
    ? ` The answer holds the rule's id, kind and state; ${sentWords(sent)} (under \`sent\`: the API does not return it).`
    : '';
  return `rule ${String(rule.id)}${preset} ${ruleState(rule)}.${mine}${settling ? follow(exposed, `rule_id ${String(rule.id)}`) : ''}`;
};

function orderSummary(data: Data): string {
  const quote = data.quote as {
    plan_code: string;
    period?: { name: string };
    net?: Money;
    vat?: Money;
    price: Money;
    exact: boolean;
  };
  const amount = (m: Money) => `${m.amount.toFixed(2)} ${m.currency}`;
  const period = quote.period ? ` (${quote.period.name})` : '';
  const breakdown =
    quote.net && quote.vat ? ` (${amount(quote.net)} net + ${amount(quote.vat)} VAT)` : '';
  const price = `${quote.plan_code}${period} for ${amount(quote.price)}${breakdown}${quote.exact ? '' : ' (monthly catalog price; the server prices this order)'}`;
  if (data.dry_run) return `dry run, nothing bought. Would buy ${price}.`;
  const order = data.order as { service_ref: string } | undefined;
  const replay = data.idempotent_replayed ? ' (replayed: this order was already made)' : '';
  const charged = data.charged as Money | undefined;
  const charge =
    charged === undefined
      ? ' The amount charged could not be read (orders_list shows it).'
      : data.charge_differs_from_quote
        ? ` WARNING: the order charged ${amount(charged)}, not the quoted ${amount(quote.price)}; tell the user.`
        : ` Charged ${amount(charged)}.`;
  return `bought ${price}; service ${order?.service_ref}${replay}.${charge}`;
}

function waitSummary(data: Data, exposed: readonly string[]): string {
  const seen = (data.states_seen as string[]).join(' → ');
  const after = `after ${String(data.waited_seconds)} s (seen: ${seen || 'nothing'})`;
  const code = data.error_code ? ` (${String(data.error_code)})` : '';
  if (!data.settled) {
    return `${String(data.target)} is still ${String(data.state)} ${after}; it goes on server-side.${follow(exposed, 'the same arguments again')}`;
  }
  if (data.state === 'absent')
    return `${String(data.target)} is not listed ${after}: rolled back, or not a rule of this service.`;
  if (data.state === 'failed') return `${String(data.target)} failed${code} ${after}.`;
  return `${String(data.target)} is ${String(data.state)} ${after}.`;
}

// The API returns at most this many keys of a telemetry aggregate: a full answer is a cut.
const MOST_KEYS = LIMITS.telemetryItemsMax;

/**
 * A Shield telemetry aggregate (traffic, protection activity, a JSON export): its keys and
 * totals. It is not a page: there is no cursor, and an answer of 100 keys (the contract's
 * cap) may leave others out, so it never says "no more".
 */
function telemetrySummary(data: Data): string {
  const items = data.items;
  const totals = data.totals as { packets?: unknown; bytes?: unknown } | undefined;
  if (!Array.isArray(items) || totals === undefined) return generic(data);
  const by = data.telemetry === 'traffic' ? shownText(String(data.group_by)) : 'verdict';
  const hours = (Date.parse(String(data.end)) - Date.parse(String(data.start))) / 3_600_000;
  const window = Number.isFinite(hours) ? ` over ${hours} h` : '';
  const sampled = data.sampled === true ? ' (sampled)' : '';
  const cut =
    items.length >= MOST_KEYS
      ? ` ${MOST_KEYS} keys is the most the API returns: other keys may exist, and the totals may count them.`
      : '';
  return `${items.length} key(s) by ${by}${window}${sampled}; totals ${String(totals.packets)} packets, ${String(totals.bytes)} bytes.${cut}`;
}

/**
 * A CSV export: one line that counts its rows and names its columns; the CSV itself is in
 * `csv` (and the result's JSON), not repeated in the summary.
 */
function exportSummary(data: Data): string {
  if (data.format !== 'csv' || typeof data.csv !== 'string') {
    return telemetrySummary(data);
  }
  const [header = '', ...rows] = data.csv.split(/\r?\n/).filter((line) => line !== '');
  const cut =
    rows.length >= MOST_KEYS
      ? ` ${MOST_KEYS} rows is the most the API returns: other keys may exist.`
      : '';
  return `CSV of ${rows.length} row(s) with the columns ${shownText(header)}, in \`csv\`.${cut}`;
}

const SUMMARIES: Readonly<Record<string, Summarizer>> = {
  shield_traffic: telemetrySummary,
  shield_protection_activity: telemetrySummary,
  shield_export: exportSummary,
  orders_create: orderSummary,
  shield_rules_list: (data) =>
    ruleList(data.rules as ShieldRule[], data.sent as Record<string, SentRule> | undefined),
  shield_rules_create: queuedRule,
  shield_presets_apply: queuedRule,
  shield_profiles_apply: (data, exposed) => {
    const profile = data.profile as Data;
    const state = String(profile.state);
    const settling = state === 'applying' || state === 'rolling_back';
    const code = String(profile.code);
    return `profile ${code} is ${state}${settling ? ', not settled yet' : ''}.${settling ? follow(exposed, `profile_code ${code}`) : ''}`;
  },
  shield_rules_delete: (data, exposed) =>
    `the rollback of rule ${String(data.rule_id)} is queued; it shows as rolling_back until it leaves the list.${follow(exposed, `rule_id ${String(data.rule_id)}`)}`,
  services_power: (data) =>
    `${String(data.action)} of ${String(data.service_ref)} accepted by the provider.`,
  services_set_auto_renew: (data) =>
    `auto-renew of ${String(data.service_ref)} is ${data.auto_renew ? 'on' : 'off'}${data.changed ? '' : ' (it already was)'}.`,
  [WAIT_TOOL_NAME]: waitSummary,
};

/** What a result of any other tool holds: its items, or its first few fields. */
function generic(data: Data): string {
  if (Array.isArray(data.items)) {
    const more = data.has_more
      ? `more exist; pass cursor ${String(data.next_cursor)} to continue`
      : 'no more';
    return `${data.items.length} item(s); ${more}.`;
  }
  // `balance_get: amount 250, currency EUR, …`; objects and lists by name and size.
  const fields = Object.entries(data)
    .slice(0, 6)
    .map(([key, value]) =>
      Array.isArray(value)
        ? `${key} (${value.length})`
        : value !== null && typeof value === 'object'
          ? key
          : `${key} ${String(value)}`,
    );
  return fields.length > 0 ? `${fields.join(', ')}.` : 'empty result.';
}

/** The one-line summary of a tool's result. */
export function summarize(tool: string, data: Data, exposed: readonly string[]): string {
  const said = `${tool}: ${(SUMMARIES[tool] ?? generic)(data, exposed)}`;
  // An order says its own replay; any other keyed call's is said here.
  if (data.idempotent_replayed !== true || tool === 'orders_create') return said;
  return `${said} Replayed: an earlier call with the same idempotency key did this, and nothing was done again (pass a new idempotency_key to do it again).`;
}
