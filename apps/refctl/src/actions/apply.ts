import { loadSuccessSchema, type RouteId } from '@refapi/schema/client';
import { formatCents } from '@refapi/schema/plans';
import { isOrderPlan } from '@refapi/schema/request-plan';
import { shellWord } from '@refapi/schema/text';
import {
  checkPlan,
  isRefApiError,
  PlanChargeMismatchError,
  type PlanRefusalReason,
  PlanRefusedError,
} from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { typedHandler } from '../cli/typed-handler';
import { CliError, UsageError } from '../errors/cli-error';
import { EXIT, type ExitCode } from '../errors/exit-codes';
import type { View } from '../output/view';
import { createClient } from '../runtime/client';
import { confirm } from '../runtime/confirm';
import { note, print, refuseUnknownColumns } from '../runtime/print';
import { readInput } from '../runtime/read-input';
import { repeatedJsonKey } from '../runtime/repeated-json-key';
import { YesFlags } from './flags';
import { accountScopeHint } from './plan-account';
import { describePlan } from './plan-summary';

/** The exit code of each refusal (README, Exit codes); every refusal sent nothing. */
const REFUSAL_EXIT: Record<PlanRefusalReason, ExitCode> = {
  invalid: EXIT.usage,
  tampered: EXIT.planTampered,
  expired: EXIT.planExpired,
  other_account: EXIT.planOtherAccount,
  other_base_url: EXIT.planOtherBaseUrl,
  price_changed: EXIT.planPriceChanged,
  not_for_sale: EXIT.notFound,
};

/** A refusal of the SDK's plan checks as refctl's error (anything else as it is). */
function refusal(error: unknown): never {
  if (!(error instanceof PlanRefusedError)) throw error;
  throw new CliError(
    `plan refused: ${error.message}`,
    REFUSAL_EXIT[error.reason],
    `plan_${error.reason}`,
  );
}

// A plan is a request body (at most 64 KiB) with its quote and catalog facts: far below this.
const PLAN_BYTES_MAX = 1024 * 1024;

async function readPlan(ctx: Ctx, file: string): Promise<unknown> {
  // An editor that saves UTF-8 with a byte order mark (Notepad, PowerShell 5's Out-File) put
  // one before the JSON, which JSON.parse refuses; the digest is of the document, not the text.
  const text = (await readInput(ctx, file, PLAN_BYTES_MAX)).replace(/^\uFEFF/, '');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not JSON: not a plan written by --plan-out`, 'plan_invalid');
  }
  // JSON.parse keeps the last of a repeated key, and the digest is of that: a reviewer who
  // read the first (`"body"` twice) approved something else than what would be sent.
  const repeated = repeatedJsonKey(text);
  if (repeated !== undefined) {
    throw new UsageError(
      `plan refused: ${file} names ${repeated} twice: not a plan written by --plan-out; nothing was sent`,
      'plan_invalid',
    );
  }
  return document;
}

/**
 * `refctl apply FILE`: sends exactly the request a `--plan-out` plan holds, with its
 * idempotency key, after the SDK's checks (digest, expiry, account, base URL, an order's
 * price now); asks first unless `--yes`. Says what was charged, and when the plan had been
 * applied before (a replay: nothing was done again).
 */
export const apply = typedHandler(YesFlags, async (ctx, [file], opts) => {
  // Shown at the prompt only once it is a plan as made: a file that is not one, or was
  // edited (its digest), is refused first; it would have asked about whatever it said.
  const plan = await checkPlan(await readPlan(ctx, file!)).catch(refusal);
  // What the answer prints, checked against `--columns` before the plan is sent.
  const answer = await answerView(plan.operation);
  if (answer !== undefined) refuseUnknownColumns(ctx, answer.fields);
  const client = await createClient(ctx);
  await confirm(ctx.io, {
    question: `Apply the plan: ${describePlan(plan)}?`,
    yes: opts.yes === true,
    action: 'apply',
    input: ctx.globals.input,
    signal: ctx.signal,
  });
  ctx.state.idempotencyKey = plan.idempotency_key ?? undefined;
  // The plan carries its key: applying it again is the safe retry (apply has no
  // --idempotency-key flag to name it with).
  ctx.state.retryHint = `by applying the same plan again (it carries its idempotency key)${file === '-' ? '' : `: refctl apply ${shellWord(file!)}`}`;
  const applied = await client.apply(plan, { signal: ctx.signal }).catch((error: unknown) => {
    // The account is read before anything is sent: a key without its scope cannot apply.
    ctx.state.errorHint = accountScopeHint(error, 'applying a plan', 'nothing was sent');
    if (isRefApiError(error) && error.replayed) {
      // A refusal stored under the plan's key is all the server will ever answer to this
      // plan (its key is fixed): fixing the cause (a top-up) and applying again cannot help.
      ctx.state.errorHint =
        'this plan was applied before and refused: the server replays that answer to its idempotency key; make a new plan';
    }
    if (error instanceof PlanRefusedError) {
      ctx.state.idempotencyKey = undefined;
      refusal(error);
    }
    if (error instanceof PlanChargeMismatchError) {
      ctx.state.idempotencyKey = undefined;
      throw new CliError(error.message, EXIT.error, 'plan_charge_mismatch');
    }
    throw error;
  });
  ctx.state.idempotencyKey = undefined;
  if (applied.replayed) {
    note(ctx, 'replayed: this plan was already applied; nothing was done again');
  }
  if (applied.charged !== undefined) {
    note(
      ctx,
      `charged: ${formatCents(applied.charged.cents, applied.charged.currency)} (order ${applied.charged.orderRef})`,
    );
  } else if (isOrderPlan(plan)) {
    note(ctx, 'charged: unknown (the order could not be read; see: refctl orders list)');
  }
  if (applied.data === undefined) note(ctx, `${plan.method} ${plan.path}: accepted`);
  else {
    const value = applied.data as Record<string, unknown>;
    await print(ctx, { kind: 'object', value, ...(answer === undefined ? {} : { view: answer }) });
  }
});

/**
 * The fields of an operation's answer, from the contract's schema of it (only that schema's
 * module is built); undefined when it has none.
 */
async function answerView(operation: RouteId): Promise<View | undefined> {
  const schema = await loadSuccessSchema(operation);
  return schema !== undefined && 'shape' in schema
    ? { columns: [], fields: Object.keys(schema.shape as object) }
    : undefined;
}
