import type { RequestPlan } from '@refapi/schema';
import { shellWord } from '@refapi/schema/text';
import type { RefClient } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { toJson } from '../output/json';
import { createClient } from '../runtime/client';
import { note } from '../runtime/print';
import { writeOutput } from '../runtime/write-output';
import { accountScopeHint } from './plan-account';
import { describePlan } from './plan-summary';

/**
 * `--plan-out FILE`: makes the plan of the command's request with the SDK (reading the
 * key's account and, for an order, the catalog; sending nothing that changes anything)
 * and writes it to FILE, or stdout for `-`, as indented JSON for review. The note on
 * stderr says what it holds and how to apply it.
 */
export async function writePlan(
  ctx: Ctx,
  target: string,
  make: (client: RefClient, options: { signal: AbortSignal }) => Promise<RequestPlan>,
): Promise<void> {
  const plan = await make(await createClient(ctx), { signal: ctx.signal }).catch(
    (error: unknown) => {
      ctx.state.errorHint = accountScopeHint(error, 'making a plan', 'no plan was written');
      throw error;
    },
  );
  const text = `${toJson(plan, 2)}\n`;
  await writeOutput(ctx, target, text);
  const where = target === '-' ? 'stdout' : target;
  note(
    ctx,
    `plan written to ${where}: ${describePlan(plan)}; expires ${plan.expires_at}; nothing was sent (apply it with: refctl apply ${target === '-' ? 'FILE' : shellWord(target)})`,
  );
}
