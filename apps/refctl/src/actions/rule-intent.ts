import { isBroadRule, ShieldRuleIntent } from '@refapi/schema/shield';
import { z } from 'zod';
import { UsageError } from '../errors/cli-error';
import { asFlag, validateInput } from '../runtime/validate';
import { QueueFlags } from './flags';

const camel = (snake: string) => snake.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** The schema type of one body field, optional wrappers removed (`number`, `boolean`, …). */
function fieldType(field: z.core.$ZodType): string {
  return field instanceof z.ZodOptional ? fieldType(field.unwrap()) : field._zod.def.type;
}

/** The body fields of a custom rule; each is one `rules add` flag (`rate_pps` → `--rate-pps`). */
export const RULE_FIELDS = ShieldRuleIntent.keyof().options;

const shape = ShieldRuleIntent.shape;

/**
 * The options of `rules add`, derived from ShieldRuleIntent: a boolean field is a switch,
 * every other field the text commander read (numbers are converted by `ruleIntent`).
 */
export const RuleAddFlags = QueueFlags.extend(
  Object.fromEntries(
    RULE_FIELDS.map((field) => [
      camel(field),
      fieldType(shape[field]) === 'boolean' ? z.boolean().optional() : z.string().optional(),
    ]),
  ),
).extend({ broadAck: z.boolean().optional() });

/**
 * The ShieldRuleIntent body from `rules add` flags, validated against the contract.
 * Numbers are converted only when they are whole numbers, so `--rate-pps 1e3` is refused
 * instead of silently becoming 1000.
 */
export function ruleIntent(opts: z.output<typeof RuleAddFlags>): z.output<typeof ShieldRuleIntent> {
  const body: Record<string, unknown> = {};
  for (const field of RULE_FIELDS) {
    const raw = opts[camel(field)];
    const type = fieldType(shape[field]);
    // A switch is sent only when set: `explicit_broad_ack: false` is never sent.
    if (type === 'boolean') body[field] = raw === true ? true : undefined;
    else if (type === 'number' && typeof raw === 'string') {
      // The schema would say `expected number, received string` of any text: from a shell
      // every value is text, so say what the text should have been.
      if (!/^\d+$/.test(raw)) {
        throw new UsageError(
          `invalid ${asFlag([field])} ${JSON.stringify(raw)}: expected a whole number (digits only)`,
          'invalid_input',
        );
      }
      body[field] = Number(raw);
    } else body[field] = raw;
  }
  // `--broad-ack` is the short way to say `--explicit-broad-ack`.
  if (opts.broadAck === true) body.explicit_broad_ack = true;
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return validateInput(ShieldRuleIntent, body, asFlag);
}

/**
 * The warning `rules add` prints before queueing an acknowledged broad rule: it acts on
 * all traffic to the service's address. Undefined for any other rule.
 */
export function broadRuleWarning(intent: z.output<typeof ShieldRuleIntent>): string | undefined {
  if (!isBroadRule(intent) || intent.explicit_broad_ack !== true) return undefined;
  const verb = intent.action === 'drop' ? 'drops' : 'rate-limits';
  return `warning: rule "${intent.name}" ${verb} ${intent.protocol} traffic to the service on every port from everywhere (--broad-ack)`;
}
