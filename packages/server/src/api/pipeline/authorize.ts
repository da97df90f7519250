import type { OperationDef } from '@refapi/schema';
import { DomainError } from '../../domain/errors';
import type { ApiContext } from '../api-context';
import type { ApiRequest } from '../api-request';
import type { OperationState } from './state';

/** 403 when the source address is outside the key's allow-list, or the key lacks the scope. */
export function authorize(state: OperationState): void {
  const key = state.key;
  if (key === undefined) return;
  if (!key.allowList.allows(state.request.sourceAddress))
    throw new DomainError(403, 'ip_not_allowed');
  if (!key.scopes.has(state.op.scope)) throw new DomainError(403, 'insufficient_scope');
}

/**
 * Whether the request would pass `authenticate` and `authorize` for `op`: a valid key of a
 * live account, allowed from this address, with the operation's scope. A failure queued by
 * `POST /__admin/fail-next` answers only such a request; others get their own 401/403.
 */
export function mayCall(ctx: ApiContext, request: ApiRequest, op: OperationDef): boolean {
  const key = ctx.requestKeys.of(request);
  return (
    key !== undefined &&
    ctx.store.partition(key.accountRef) !== undefined &&
    key.allowList.allows(request.sourceAddress) &&
    key.scopes.has(op.scope)
  );
}
