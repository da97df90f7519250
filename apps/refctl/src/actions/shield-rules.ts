import { ServiceRef } from '@refapi/schema/common';
import { RulePathParams, type ShieldRule, shieldRuleLabel } from '@refapi/schema/shield';
import type { RefClient } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { typedHandler } from '../cli/typed-handler';
import { configFilePath } from '../config/config-path';
import {
  hasSentRules,
  type RuleAccount,
  readSentRules,
  recordSentRules,
  type SentRule,
  sentRulesPath,
} from '../config/sent-rules';
import { createClient } from '../runtime/client';
import { confirm } from '../runtime/confirm';
import { note, print } from '../runtime/print';
import { listLimit } from '../runtime/print-list';
import { validateArg, validateInput } from '../runtime/validate';
import { ListFlags, QueueFlags, YesFlags } from './flags';
import { idempotencyKeyFor, sendIdempotent } from './idempotency';
import { writePlan } from './plan-out';
import { queueRule } from './queue-rule';
import { broadRuleWarning, RuleAddFlags, ruleIntent } from './rule-intent';
import { ruleView } from './views';
import { waitFor, waitTimeoutMs } from './wait';

/** How tables show what refctl does not know of a rule: the API never returns a rule's intent. */
const UNKNOWN = '-';

/**
 * Table rows of rules: the API's fields, and the `name`, `mode`, `action` and `match` refctl
 * sent when it created the rule (absent for rules created elsewhere). The provider's emergency
 * rule and preset rules are named by the label every client gives them.
 */
export const listedRules = (
  rules: readonly ShieldRule[],
  sent: ReadonlyMap<string, SentRule> = new Map(),
) =>
  rules.map((rule) => {
    const mine = sent.get(rule.id);
    const label = shieldRuleLabel(rule);
    return {
      ...rule,
      // Absent, not UNKNOWN: the renderer shows an absent value as `-` in a table and leaves
      // it empty in CSV (a `-` there would be data, escaped as formula-like text: `'-`).
      name: mine?.name ?? (label === rule.id ? undefined : label),
      mode: mine?.mode,
      action: mine?.action,
      match: mine?.match,
    };
  });

/** The record of rules refctl sent, and the account it is kept for; undefined when unknown. */
async function ruleRecord(ctx: Ctx, client: RefClient): Promise<RuleAccount | undefined> {
  const baseUrl = ctx.state.baseUrl;
  if (baseUrl === undefined) return undefined;
  try {
    // The key's account: a record is per base URL and account, whichever key reads it.
    const { account_ref: accountRef } = await client.account.get({ signal: ctx.signal });
    return { baseUrl, accountRef };
  } catch {
    // A key without account:read: names are neither kept nor shown (`-`).
    return undefined;
  }
}

const recordPath = (ctx: Ctx) => sentRulesPath(configFilePath(ctx.io.env));

/**
 * `refctl shield rules list REF`: JSON is the array of rules as the API sent them; the table
 * adds what refctl sent for the rules it created, and forgets those no longer listed.
 */
export const list = typedHandler(ListFlags, async (ctx, [ref], opts) => {
  const limit = listLimit(ctx, opts, ruleView);
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const client = await createClient(ctx);
  const path = recordPath(ctx);
  const [{ rules }, account] = await Promise.all([
    client.shield(serviceRef).rules.list({ signal: ctx.signal }),
    hasSentRules(path, ctx.state.baseUrl ?? '').then((any) => {
      // Names only add to the listing: it goes on without them, and says so.
      if (typeof any === 'object') note(ctx, `note: rule names not shown: ${any.unreadable}`);
      return any === true ? ruleRecord(ctx, client) : undefined;
    }),
  ]);
  const sent = account === undefined ? new Map() : await readSentRules(path, account);
  const listed = new Set(rules.map((rule) => rule.id));
  const gone = [...sent].flatMap(([id, rule]) =>
    rule.service_ref === serviceRef && !listed.has(id) ? [id] : [],
  );
  // Only tidying: a record left as it was (locked, unreadable) is tidied by a later listing.
  if (account !== undefined && gone.length > 0) await recordSentRules(path, account, { gone });
  const shown = rules.slice(0, limit);
  await print(ctx, { kind: 'rows', value: shown, rows: listedRules(shown, sent), view: ruleView });
});

/**
 * `refctl shield rules add REF --name … [--wait]`: prints `{rule}` in its latest state, and
 * records what it sent so that listings can name the rule.
 */
export const add = typedHandler(RuleAddFlags, async (ctx, [ref], opts) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const intent = ruleIntent(opts);
  const warning = broadRuleWarning(intent);
  if (warning !== undefined) note(ctx, warning);
  // The rule's flags are typed by field name (`RuleAddFlags`): `--plan-out` reads as text here.
  if (typeof opts.planOut === 'string') {
    const idempotencyKey = idempotencyKeyFor(opts);
    await writePlan(ctx, opts.planOut, (client, o) =>
      client.shield(serviceRef).rules.planCreate(intent, { ...o, idempotencyKey }),
    );
    return;
  }
  const client = await createClient(ctx);
  const shield = client.shield(serviceRef);
  await queueRule(
    ctx,
    opts,
    serviceRef,
    shield,
    (request) => shield.rules.create(intent, request),
    // Recorded once queued: a `--wait` cut short (Ctrl-C, its timeout) still names the rule.
    async (rule) => {
      const account = await ruleRecord(ctx, client);
      if (account === undefined) {
        note(
          ctx,
          `note: the rule's name is not kept (this key cannot read its account): listings show ${UNKNOWN}`,
        );
        return;
      }
      const recorded = await recordSentRules(recordPath(ctx), account, {
        sent: { ruleId: rule.id, serviceRef, intent },
      });
      // The rule is queued all the same: a warning, and the exit code of the API's answer.
      if (!recorded.saved) {
        note(
          ctx,
          `warning: the rule's name is not kept (${recorded.why}): listings show ${UNKNOWN}`,
        );
      }
    },
  );
});

/** `refctl shield rules delete REF RULE_ID [--wait] [--yes]`: asks first; prints nothing on stdout. */
export const remove = typedHandler(
  QueueFlags.extend(YesFlags.shape),
  async (ctx, [ref, id], opts) => {
    const { service_ref: serviceRef, rule_id: ruleId } = validateInput(
      RulePathParams,
      { service_ref: ref, rule_id: id },
      (path) => (path[0] === 'service_ref' ? `service reference "${ref}"` : `rule id "${id}"`),
    );
    const idempotencyKey = idempotencyKeyFor(opts);
    if (opts.planOut !== undefined) {
      await writePlan(ctx, opts.planOut, (client, o) =>
        client.shield(serviceRef).rules.planDelete(ruleId, { ...o, idempotencyKey }),
      );
      return;
    }
    const rules = (await createClient(ctx)).shield(serviceRef).rules;
    await confirm(ctx.io, {
      question: `Delete rule ${ruleId} of ${serviceRef}? A profile rule takes its whole bundle with it.`,
      yes: opts.yes === true,
      action: 'shield rules delete',
      nothing: 'nothing was deleted',
      input: ctx.globals.input,
      signal: ctx.signal,
    });
    await sendIdempotent(ctx, idempotencyKey, (request) => rules.delete(ruleId, request));
    if (opts.wait === true) {
      await waitFor(
        ctx,
        {
          subject: `rule ${ruleId}`,
          target: 'deleted',
          checkWith: `refctl shield rules list ${serviceRef}`,
        },
        waitTimeoutMs(ctx),
        (o) => rules.waitFor(ruleId, { state: 'deleted', ...o }),
      );
    } else {
      note(ctx, `rule ${ruleId}: rollback queued`);
    }
  },
);
