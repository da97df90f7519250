import { randomUUID } from 'node:crypto';
import { IdempotencyKey } from '@refapi/schema/common';
import type { Ctx } from '../cli/context';
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
 */
export async function sendIdempotent<T>(
  ctx: Ctx,
  idempotencyKey: string,
  send: (request: { idempotencyKey: string; signal: AbortSignal }) => Promise<T>,
): Promise<T> {
  ctx.state.idempotencyKey = idempotencyKey;
  const result = await send({ idempotencyKey, signal: ctx.signal });
  ctx.state.idempotencyKey = undefined;
  return result;
}
