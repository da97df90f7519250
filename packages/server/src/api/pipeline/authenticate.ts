import { DomainError } from '../../domain/errors';
import type { OperationState } from './state';

/** 401 without a valid API key (or when its account is gone); sets the caller. */
export function authenticate(state: OperationState): void {
  const key = state.key;
  if (key === undefined) {
    const missing = state.request.header('authorization') === undefined;
    throw new DomainError(401, missing ? 'missing_api_key' : 'invalid_api_key');
  }
  const partition = state.ctx.store.partition(key.accountRef);
  if (partition === undefined) throw new DomainError(401, 'invalid_api_key');
  state.caller = { key, partition };
}
