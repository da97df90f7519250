import type { ShieldRule } from '@refapi/schema';
import type { ApiPromise, RefClient } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { print, refuseUnknownColumns } from '../runtime/print';
import type { QueueFlags } from './flags';
import { idempotencyKeyFor, sendIdempotent } from './idempotency';
import { waitFor, waitTimeoutMs } from './wait';

type Shield = ReturnType<RefClient['shield']>;
/**
 * Queues one rule (custom or preset) under an idempotency key, then, with `--wait`, polls
 * it to `active`; prints `{rule}` in its latest state and returns it. Shared by `rules add` and
 * `presets apply`.
 */
export async function queueRule(
  ctx: Ctx,
  opts: QueueFlags,
  serviceRef: string,
  shield: Shield,
  queue: (request: {
    idempotencyKey: string;
    signal: AbortSignal;
  }) => ApiPromise<{ rule: ShieldRule }>,
  /** Runs once the rule is queued, before any wait: a wait cut short never skips it. */
  onQueued?: (rule: ShieldRule) => Promise<void>,
): Promise<ShieldRule> {
  refuseUnknownColumns(ctx, ['rule']);
  const { rule } = await sendIdempotent(ctx, idempotencyKeyFor(opts), queue);
  await onQueued?.(rule);
  const final =
    opts.wait === true
      ? await waitFor(
          ctx,
          {
            subject: `rule ${rule.id}`,
            target: 'active',
            checkWith: `refctl shield rules list ${serviceRef}`,
          },
          waitTimeoutMs(ctx),
          (o) => shield.rules.waitFor(rule.id, { state: 'active', ...o }),
        )
      : rule;
  await print(ctx, { kind: 'object', value: { rule: final ?? rule } });
  return final ?? rule;
}
