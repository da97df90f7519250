import { RefApiError, type RefApiErrorInit } from './ref-error';
import { STATUS_ERRORS, type StatusErrorKey, type StatusErrorSpec } from './status-table';

// One class per status so callers can `catch (e) { if (e instanceof NotFoundError) … }`.
// Names and hints live in STATUS_ERRORS; each class below is one line naming its entry.

// Declared return types keep the emitted .d.ts naming RefApiError and ConflictError instead of
// inlining their members (which would drag Node-only types into browser consumers).
/** A class built from one STATUS_ERRORS entry. */
interface StatusErrorClass<T extends RefApiError> {
  new (init: RefApiErrorInit, hint?: string): T;
  /** @internal The STATUS_ERRORS key, so `errorFromResponse` finds the class. */
  readonly key: StatusErrorKey;
}

/** Base of the class for one STATUS_ERRORS entry. */
function statusError(
  key: Exclude<StatusErrorKey, `idempotency_${string}`>,
): StatusErrorClass<RefApiError> {
  const spec: StatusErrorSpec = STATUS_ERRORS[key];
  return class extends RefApiError {
    static readonly key: StatusErrorKey = key;
    override readonly name: string = spec.name;
    constructor(init: RefApiErrorInit, hint: string = spec.hint(init)) {
      super(init, hint);
    }
  };
}

/** 400: the path, a reference, the query or the JSON body is invalid; `code` names the field. */
export class BadRequestError extends statusError(400) {}
/** 401: the API key is missing or invalid. */
export class AuthenticationError extends statusError(401) {}
/** 403: the key lacks the scope, the source IP is not allowed, or Shield Advanced is missing. */
export class PermissionDeniedError extends statusError(403) {}
/** 404: the service or rule does not exist or is not owned by this account. */
export class NotFoundError extends statusError(404) {}
/** 409: the account or service lifecycle no longer permits the mutation (see `conflictStatus`). */
export class ConflictError extends statusError(409) {}
/** 422: billing profile, plan options, price, stock or balance does not permit the purchase. */
export class UnprocessableEntityError extends statusError(422) {}
/** 428: the operation requires an Idempotency-Key header. */
export class PreconditionRequiredError extends statusError(428) {}
/** 429: rate limit exceeded; `retryAfter` says how long to wait. */
export class RateLimitError extends statusError(429) {}
/** 502: the provider rejected or failed a power action (never retried automatically). */
export class ProviderError extends statusError(502) {}
/** 503: Shield is paused or temporarily unavailable; `retryAfter` may say how long. */
export class ServiceUnavailableError extends statusError(503) {}
/** Any other 5xx: the server failed. */
export class InternalServerError extends statusError('5xx') {}

/** Base of the class for a 409 whose `error` code has its own STATUS_ERRORS entry. */
function conflictCodeError(
  key: Extract<StatusErrorKey, `idempotency_${string}`>,
): StatusErrorClass<ConflictError> {
  const spec: StatusErrorSpec = STATUS_ERRORS[key];
  return class extends ConflictError {
    static override readonly key: StatusErrorKey = key;
    override readonly name: string = spec.name;
    constructor(init: RefApiErrorInit) {
      super(init, spec.hint(init));
    }
  };
}

/** 409 `idempotency_key_reused`: the same Idempotency-Key was sent with a different body. */
export class IdempotencyKeyReusedError extends conflictCodeError('idempotency_key_reused') {}
/** 409 `idempotency_key_in_use`: a request with this key is still running (retried already). */
export class IdempotencyKeyInUseError extends conflictCodeError('idempotency_key_in_use') {}
