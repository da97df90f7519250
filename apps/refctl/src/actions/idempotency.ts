import { randomUUID } from 'node:crypto';
import { IdempotencyKey } from '@refapi/schema';
import { validateInput } from '../runtime/validate';

/**
 * The `Idempotency-Key` of this invocation: `--idempotency-key` when given (validated),
 * else a fresh one. The CLI picks it (not the SDK) so a failure can print it for a safe retry.
 */
export function idempotencyKeyFor(opts: Readonly<Record<string, unknown>>): string {
  if (opts.idempotencyKey === undefined) return randomUUID();
  return validateInput(IdempotencyKey, opts.idempotencyKey, () => '--idempotency-key');
}
