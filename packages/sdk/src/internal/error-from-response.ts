import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  IdempotencyKeyInUseError,
  IdempotencyKeyReusedError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  PreconditionRequiredError,
  ProviderError,
  RateLimitError,
  ServiceUnavailableError,
  UnprocessableEntityError,
} from '../errors/http-errors';
import { RefApiError, type RefApiErrorInit } from '../errors/ref-error';
import { parseRateLimit } from '../rate-limit';
import { errorCode, readErrorBody } from './error-body';
import { readRequestId } from './request-id';
import { parseRetryAfter } from './retry-after';

type ErrorCtor = new (init: RefApiErrorInit) => RefApiError;

const byStatus: Record<number, ErrorCtor> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  428: PreconditionRequiredError,
  429: RateLimitError,
  502: ProviderError,
  503: ServiceUnavailableError,
};

const conflictByCode: Record<string, ErrorCtor> = {
  idempotency_key_reused: IdempotencyKeyReusedError,
  idempotency_key_in_use: IdempotencyKeyInUseError,
};

const conflictStatus = (body: unknown): string | undefined => {
  const value = (body as { status?: unknown } | null)?.status;
  return typeof body === 'object' && typeof value === 'string' ? value : undefined;
};

/** Picks the error class for a failed response and fills it from the `{error, status?}` body. */
export async function errorFromResponse(
  response: Response,
  method: string,
  url: string,
): Promise<RefApiError> {
  const body = await readErrorBody(response);
  const code = errorCode(body);
  const init: RefApiErrorInit = {
    status: response.status,
    code,
    conflictStatus: response.status === 409 ? conflictStatus(body) : undefined,
    headers: response.headers,
    rateLimit: parseRateLimit(response.headers),
    requestId: readRequestId(response.headers),
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
    method,
    url,
    body,
  };
  const Ctor =
    (response.status === 409 && code ? conflictByCode[code] : undefined) ??
    byStatus[response.status] ??
    (response.status >= 500 ? InternalServerError : RefApiError);
  return new Ctor(init);
}
