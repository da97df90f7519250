import type { AuthenticatedKey } from '../domain/auth';
import { bearerToken } from '../domain/auth';
import type { Store } from '../store/store';
import type { RequestHead, RequestMemo } from './api-request';

/**
 * The API key of each request, authenticated once: the body limit asks first (from the
 * headers, before a byte of the body is read), the pipeline then reuses the answer instead
 * of hashing the token again. An answer holds only while the key set it was checked
 * against is the store's: a scenario load in between authenticates afresh. The answer is
 * kept on the request (`caller`, its {@link RequestMemo}).
 */
export class RequestKeys {
  constructor(private readonly store: Store) {}

  /** The request's valid API key, or undefined (none sent, or unknown). */
  of(request: RequestHead & RequestMemo): AuthenticatedKey | undefined {
    const keys = this.store.keySet();
    const known = request.caller;
    if (known !== undefined && known.keys === keys) return known.key;
    const key = this.store.authenticate(bearerToken(request.header('authorization')));
    request.caller = { key, keys };
    return key;
  }
}
