import { DomainError } from '../../domain/errors';
import { fingerprint, type StoredResponse } from '../../domain/idempotency';
import { errorResult } from './response';
import type { OperationState, ValidatedCall } from './state';

/**
 * Runs the operation: 503 while the state cannot be made durable (writes, before anything
 * changes), then the idempotency claim (409 reused / in use, or the stored replay) around
 * the implementation.
 */
export async function execute(state: OperationState): Promise<StoredResponse> {
  const { ctx, op, caller, bound } = state;
  // Unreachable when `authenticate` ran first, as the pipeline order guarantees.
  if (caller === undefined) throw new Error('execute before authenticate');
  if (op.access === 'write') ctx.durability?.checkWritable();
  const call: ValidatedCall = {
    operationId: bound.operationId,
    params: state.params,
    query: state.query,
    body: state.body,
    account: caller.partition.account,
    partition: caller.partition,
    key: caller.key,
    now: new Date(state.nowMs),
    idempotencyKey: state.idempotencyKey,
  };
  if (call.idempotencyKey === undefined) return bound.impl(call, ctx);
  const claim = ctx.idempotency.claim(
    call.account.account_ref,
    op.operationId,
    call.idempotencyKey,
    fingerprint({ params: call.params ?? null, body: call.body ?? null }),
    state.nowMs,
  );
  if (claim.kind === 'reused') throw new DomainError(409, 'idempotency_key_reused');
  if (claim.kind === 'in_use') throw new DomainError(409, 'idempotency_key_in_use');
  if (claim.kind === 'replay') return replayed(claim.response);
  try {
    const result = await bound.impl(call, ctx);
    claim.complete(result);
    return result;
  } catch (error) {
    if (error instanceof DomainError && !error.transient) claim.complete(errorResult(error));
    else claim.release();
    throw error;
  }
}

// A replay is the stored response, flagged: header always, body field where the schema has one.
function replayed(response: StoredResponse): StoredResponse {
  const headers = { ...response.headers, 'idempotent-replayed': 'true' };
  const body = response.body;
  if (body !== null && typeof body === 'object' && 'idempotent_replayed' in body) {
    return { ...response, headers, body: { ...body, idempotent_replayed: true } };
  }
  return { ...response, headers };
}
