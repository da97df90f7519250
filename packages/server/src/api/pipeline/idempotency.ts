import { IdempotencyKey } from '@refapi/schema';
import { DomainError } from '../../domain/errors';
import type { OperationState } from './state';

/** For operations that require it: 428 without `Idempotency-Key`, 400 for a malformed one. */
export function idempotency(state: OperationState): void {
  if (!state.op.idempotencyKey) return;
  const key = state.request.header('idempotency-key');
  if (key === undefined) throw new DomainError(428, 'idempotency_key_required');
  if (!IdempotencyKey.safeParse(key).success) {
    throw new DomainError(400, 'invalid_header: Idempotency-Key');
  }
  state.idempotencyKey = key;
}
