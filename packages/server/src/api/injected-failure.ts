import { LIMITS, type OperationDef } from '@refapi/schema';
import type { FailNextOptions } from '../state/fail-next-queue';
import { type ApiResponse, jsonResponse } from './api-request';

// A failure answered in place of an operation, before the store sees the request: the test
// kit's `failNext()` (an msw one-shot handler) and `POST /__admin/fail-next` (a queue the
// dispatcher asks first) answer with the same body and headers.

const DEFAULT_CODES: Readonly<Record<number, string>> = {
  400: 'invalid_body',
  401: 'invalid_api_key',
  403: 'insufficient_scope',
  404: 'not_found',
  409: 'service_lifecycle_conflict',
  413: 'body_too_large',
  422: 'unprocessable',
  428: 'idempotency_key_required',
  429: 'rate_limit_exceeded',
  500: 'internal_error',
  502: 'provider_error',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** The injected response: `{error}` with the rate-limit headers every API response carries. */
export function failureResponse(
  op: OperationDef,
  status: number,
  options: FailNextOptions,
  nowMs: number,
): ApiResponse {
  const limit =
    op.access === 'write' ? LIMITS.writeRequestsPerMinute : LIMITS.readRequestsPerMinute;
  const windowLeft = Math.max(1, Math.ceil((60_000 - (nowMs % 60_000)) / 1000));
  // account-api.md: "a 429 also carries Retry-After". Without one given, an injected 429
  // says what a real one would: wait until the window ends.
  const retryAfter = options.retryAfter ?? (status === 429 ? windowLeft : undefined);
  const headers: Record<string, string> = {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(status === 429 ? 0 : limit - 1),
    'ratelimit-reset': String(retryAfter ?? windowLeft),
  };
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  const error = options.error ?? DEFAULT_CODES[status] ?? `http_${status}`;
  return jsonResponse(status, { error }, headers);
}
