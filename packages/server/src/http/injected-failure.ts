import { LIMITS, type OperationDef, type OperationId, operations } from '@refapi/schema';
import { type ApiResponse, jsonResponse } from './api-request';

// A failure answered in place of an operation, before the store sees the request: the test
// kit's `failNext()` (an msw one-shot handler) and `POST /__admin/fail-next` (a queue the
// dispatcher asks first) answer with the same body and headers.

/** Options of `failNext()`. */
export interface FailNextOptions {
  /** Seconds announced in `Retry-After`; the header is sent only when given. */
  readonly retryAfter?: number;
  /** The `error` code of the body. Default: the code the server uses for that status. */
  readonly error?: string;
}

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

/** The contract entry of an operation id, or a TypeError naming the unknown one. */
export function operationFor(operationId: OperationId): OperationDef {
  // Own keys only: `constructor` and the rest of Object.prototype are no operations.
  const op = Object.hasOwn(operations, operationId)
    ? (operations as Readonly<Record<string, OperationDef>>)[operationId]
    : undefined;
  if (op === undefined) throw new TypeError(`failNext: unknown operationId "${operationId}"`);
  return op;
}

/** Checks the status and options up front, so a typo fails where it was written. */
export function checkFailure(status: number, options: FailNextOptions): void {
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    throw new RangeError(`failNext: status must be an integer from 400 to 599, got ${status}`);
  }
  const { retryAfter } = options;
  if (retryAfter !== undefined && (!Number.isInteger(retryAfter) || retryAfter < 0)) {
    throw new RangeError(`failNext: retryAfter must be whole seconds >= 0, got ${retryAfter}`);
  }
}

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
  const headers: Record<string, string> = {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(status === 429 ? 0 : limit - 1),
    'ratelimit-reset': String(options.retryAfter ?? windowLeft),
  };
  if (options.retryAfter !== undefined) headers['retry-after'] = String(options.retryAfter);
  const error = options.error ?? DEFAULT_CODES[status] ?? `http_${status}`;
  return jsonResponse(status, { error }, headers);
}
