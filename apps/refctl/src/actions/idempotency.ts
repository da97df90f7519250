import { randomUUID } from 'node:crypto';
import { IdempotencyKey } from '@refapi/schema/common';
import type { ApiPromise } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { note } from '../runtime/print';
import { validateInput } from '../runtime/validate';

/**
 * The `Idempotency-Key` of this invocation: `--idempotency-key` when given (validated),
 * else a fresh one. The CLI picks it (not the SDK) so a failure can print it for a safe retry.
 */
export function idempotencyKeyFor(opts: { readonly idempotencyKey?: string | undefined }): string {
  if (opts.idempotencyKey === undefined) return randomUUID();
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
