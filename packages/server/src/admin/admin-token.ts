import { API_KEY_PREFIX } from '@refapi/schema';
import type { RequestHead, RequestMemo } from '../api/api-request';
import { bearerToken, secretsEqual } from '../domain/auth';

/**
 * The admin token, compared with a request's bearer token once per request (in constant
 * time): the body limit asks first, from the headers, and the admin routes reuse the
 * answer, kept on the request (`adminToken`, its {@link RequestMemo}).
 */
export class AdminToken {
  constructor(readonly value: string) {
    // API keys begin with the prefix: one of them could otherwise be the admin token.
    if (value.startsWith(API_KEY_PREFIX)) {
      throw new TypeError(`adminToken must not begin with ${API_KEY_PREFIX}, as API keys do`);
    }
  }

  /** Whether the request's `Authorization: Bearer …` is the admin token. */
  presentedBy(request: RequestHead & RequestMemo): boolean {
    request.adminToken ??= secretsEqual(bearerToken(request.header('authorization')), this.value);
    return request.adminToken;
  }
}
