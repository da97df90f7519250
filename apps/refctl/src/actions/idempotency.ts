import { randomUUID } from 'node:crypto';
import { IdempotencyKey } from '@refapi/schema/common';
import { API_KEY_PREFIX } from '@refapi/schema/values';
import type { ApiPromise } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { UsageError } from '../errors/cli-error';
import { note } from '../runtime/print';
import { validateInput } from '../runtime/validate';

/**
 * The `Idempotency-Key` of this invocation: `--idempotency-key` when given (validated),
 * else a fresh one. The CLI picks it (not the SDK) so a failure can print it for a safe retry.
 * With `--plan-out`, an API key given as it (`--idempotency-key "$REF_API_KEY"`) is refused:
 * a plan file is reviewed and committed, and must never carry one.
 */
export function idempotencyKeyFor(opts: {
  readonly idempotencyKey?: string | undefined;
  readonly planOut?: unknown;
}): string {
  if (opts.idempotencyKey === undefined) return randomUUID();
  // The SDK's plan refuses it too, naming its own option (idempotencyKey): said here first,
  // with the flag typed, and before the format check, which would quote the value.
  if (opts.planOut !== undefined && opts.idempotencyKey.includes(API_KEY_PREFIX)) {
    throw new UsageError(
      `invalid --idempotency-key: it holds an API key (${API_KEY_PREFIX}…), not an idempotency key, and a plan file must never carry one; no plan was written`,
      'invalid_input',
    );
  }
  return validateInput(IdempotencyKey, opts.idempotencyKey, () => '--idempotency-key');
}

/**
 * Sends one mutation under `idempotencyKey`. The key stays on the run state while the
 * outcome is unknown, so a failure prints it for a safe retry with `--idempotency-key`.
 * An answer the API replayed from an earlier call with the key says so on stderr: that call
 * did the work, and this one did nothing again (`nothing` says what, for the command).
 */
export async function sendIdempotent<T>(
  ctx: Ctx,
  idempotencyKey: string,
  send: (request: { idempotencyKey: string; signal: AbortSignal }) => ApiPromise<T>,
  nothing = 'nothing was done again',
): Promise<T> {
  ctx.state.idempotencyKey = idempotencyKey;
  const { data, replayed } = await send({ idempotencyKey, signal: ctx.signal }).withResponse();
  ctx.state.idempotencyKey = undefined;
  if (replayed) note(ctx, `replayed: this idempotency key already completed; ${nothing}`);
  return data;
}
