import { isHTTPError, isTimeoutError, type RetryOptions } from 'ky';
import { ResponseDecodeError, ResponseTooLargeError } from '../errors/client-errors';
import { isGatewayFailure } from '../errors/ref-error';
import { errorCode, readErrorBody } from './error-body';
import { overranInHooks } from './hook-limits';
import { parseRetryAfter } from './retry-after';

/**
 * Statuses worth another attempt. 502 is absent on purpose: the API's 502 is the provider
 * saying no (a gateway's 502 is retried in `shouldRetry`).
 */
const RETRY_STATUS_CODES = [408, 429, 500, 503, 504];

// A 409 is retried only as `idempotency_key_in_use`: the first request with this key is
// still running, and asking again shortly gets its stored result.
const IN_USE = 'idempotency_key_in_use';

export interface RetryPolicyInput {
  readonly limit: number;
  readonly maxRetryAfterMs: number;
  /** Only calls that carry an Idempotency-Key may repeat a POST or DELETE. */
  readonly hasIdempotencyKey: boolean;
  readonly signal: AbortSignal | undefined;
  /** Epoch ms at which the total deadline elapses, if any. */
  readonly deadline: number | undefined;
}

/**
 * How long the server asked us to wait before retrying, in ms; mirrors ky's own choice
 * (Retry-After, else on a 429 the first reset header, alone) so we can veto waits that are
 * too long.
 */
function requestedWaitMs(response: Response): number | undefined {
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  if (retryAfter !== undefined) return retryAfter * 1000;
  return response.status === 429 ? resetWaitMs(response.headers) : undefined;
}

// After Retry-After, ky times a retry by the first of these a response has, read on its own
// (ky's core/retry-timing.js); those marked may hold an epoch time in seconds instead.
const RESET_HEADERS = [
  ['RateLimit-Reset', true],
  ['X-RateLimit-Retry-After', false],
  ['X-RateLimit-Reset', true],
  ['X-Rate-Limit-Reset', true],
] as const;
// ky's cut between delay seconds and an epoch time in a reset header.
const EPOCH_FROM_MS = Date.parse('2024-01-01');

function resetWaitMs(headers: Headers): number | undefined {
  for (const [name, mayBeEpoch] of RESET_HEADERS) {
    const value = headers.get(name);
    if (value === null) continue;
    if (!/^\d+$/.test(value)) {
      const seconds = parseRetryAfter(value);
      return seconds === undefined ? undefined : seconds * 1000;
    }
    const ms = Number(value) * 1000;
    return mayBeEpoch && ms >= EPOCH_FROM_MS ? Math.max(0, ms - Date.now()) : ms;
  }
  return undefined;
}

/** ky retry options for one call: ky does the waiting, backoff, jitter and Retry-After. */
export function retryOptions(input: RetryPolicyInput): RetryOptions {
  return {
    limit: input.limit,
    methods: input.hasIdempotencyKey ? ['get', 'put', 'post', 'delete'] : ['get', 'put'],
    statusCodes: input.hasIdempotencyKey ? [...RETRY_STATUS_CODES, 409] : RETRY_STATUS_CODES,
    afterStatusCodes: [429, 503],
    maxRetryAfter: input.maxRetryAfterMs,
    jitter: true,
    retryOnTimeout: true,
    shouldRetry: async ({ error }) => {
      if (input.signal?.aborted) return false;
      // The same request would get the same oversized answer.
      if (error instanceof ResponseTooLargeError) return false;
      // And the same bytes that cannot be decoded.
      if (error instanceof ResponseDecodeError) return false;
      // The attempt's time ran out in the user's afterResponse hooks: they would stall again.
      if (isTimeoutError(error) && overranInHooks(error.request)) return false;
      if (!isHTTPError(error)) return undefined;
      const { response } = error;
      if (response.status === 409) {
        return (
          input.hasIdempotencyKey && errorCode((await readErrorBody(response)).json) === IN_USE
        );
      }
      if (response.status === 502) {
        // A proxy that could not reach the API, as transient as a 500; the API's own 502
        // (`{error: 'power_…'}`) is the provider's answer and final.
        return isGatewayFailure(502, errorCode((await readErrorBody(response)).json));
      }
      if (!RETRY_STATUS_CODES.includes(response.status)) return false;
      const wait = requestedWaitMs(response);
      if (wait === undefined) {
        // A 503 without Retry-After: ky would fall back to RateLimit-Reset, which times the
        // rate window, not the outage. Force plain exponential backoff instead.
        return response.status === 503 ? true : undefined;
      }
      // ky clamps long waits to maxRetryAfter; we promise to fail fast instead.
      if (wait > input.maxRetryAfterMs) return false;
      if (input.deadline !== undefined && Date.now() + wait > input.deadline) return false;
      return undefined;
    },
  };
}
