import { DomainError } from '../../domain/errors';
import type { OperationState } from './state';

/** 403 when the source address is outside the key's allow-list, or the key lacks the scope. */
export function authorize(state: OperationState): void {
  const key = state.key;
  if (key === undefined) return;
  if (!key.allowList.allows(state.request.sourceAddress))
    throw new DomainError(403, 'ip_not_allowed');
  if (!key.scopes.has(state.op.scope)) throw new DomainError(403, 'insufficient_scope');
}
