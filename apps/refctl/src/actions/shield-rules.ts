import { ServiceRef } from '@refapi/schema/common';
import {
  RulePathParams,
  type ShieldRule,
  shieldRuleLabel,
  shieldRuleMatch,
} from '@refapi/schema/shield';
import type { Handler } from '../cli/lazy-action';
import { typedHandler } from '../cli/typed-handler';
import { createClient } from '../runtime/client';
import { confirm } from '../runtime/confirm';
import { note, print } from '../runtime/print';
import { validateArg, validateInput } from '../runtime/validate';
import { QueueFlags, YesFlags } from './flags';
import { idempotencyKeyFor, sendIdempotent } from './idempotency';
import { queueRule } from './queue-rule';
import { broadRuleWarning, RuleAddFlags, ruleIntent } from './rule-intent';
import { ruleView } from './views';
import { waitFor, waitTimeoutMs } from './wait';

/** Table rows of rules: the shared label as `name`, and the `match` (`udp dst 53 from …`). */
export const listedRules = (rules: readonly ShieldRule[]) =>
  rules.map((rule) => ({ ...rule, name: shieldRuleLabel(rule), match: shieldRuleMatch(rule) }));

/** `refctl shield rules list REF`: JSON is the array of rules as the API sent them. */
export const list: Handler = async (ctx, [ref]) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const client = await createClient(ctx);
  const { rules } = await client.shield(serviceRef).rules.list({ signal: ctx.signal });
  await print(ctx, { kind: 'rows', value: rules, rows: listedRules(rules), view: ruleView });
};

/** `refctl shield rules add REF --name … [--wait]`: prints `{rule}` in its latest state. */
export const add = typedHandler(RuleAddFlags, async (ctx, [ref], opts) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const intent = ruleIntent(opts);
  const warning = broadRuleWarning(intent);
  if (warning !== undefined) note(ctx, warning);
  const shield = (await createClient(ctx)).shield(serviceRef);
  await queueRule(ctx, opts, serviceRef, shield, (request) => shield.rules.create(intent, request));
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
    const rules = (await createClient(ctx)).shield(serviceRef).rules;
    await confirm(ctx.io, {
      question: `Delete rule ${ruleId} of ${serviceRef}? A profile rule takes its whole bundle with it.`,
      yes: opts.yes === true,
      action: 'shield rules delete',
      nothing: 'nothing was deleted',
      input: ctx.globals.input,
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
