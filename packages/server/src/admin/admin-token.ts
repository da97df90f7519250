import type { RequestHead } from '../api/api-request';
import { bearerToken, secretsEqual } from '../domain/auth';

/**
 * The admin token, compared with a request's bearer token once per request (in constant
 * time): the body limit asks first, from the headers, and the admin routes reuse the
 * answer for the same request object.
 */
export class AdminToken {
  readonly #verdicts = new WeakMap<RequestHead, boolean>();

  constructor(readonly value: string) {}

  /** Whether the request's `Authorization: Bearer …` is the admin token. */
  presentedBy(request: RequestHead): boolean {
    let verdict = this.#verdicts.get(request);
    if (verdict === undefined) {
      verdict = secretsEqual(bearerToken(request.header('authorization')), this.value);
      this.#verdicts.set(request, verdict);
    }
    return verdict;
  }
}
