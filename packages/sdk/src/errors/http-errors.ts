import { RefApiError, type RefApiErrorInit } from './ref-error';

// One class per status so callers can `catch (e) { if (e instanceof NotFoundError) … }`.
// Each constructor adds a one-line hint saying what to do next.

/** 400: the path, a reference, the query or the JSON body is invalid; `code` names the field. */
export class BadRequestError extends RefApiError {
  override readonly name: string = 'BadRequestError';
  constructor(init: RefApiErrorInit) {
    super(init, 'Fix the field named in the error code and try again.');
  }
}

/** 401: the API key is missing or invalid. */
export class AuthenticationError extends RefApiError {
  override readonly name: string = 'AuthenticationError';
  constructor(init: RefApiErrorInit) {
    super(init, 'Check the API key (option apiKey or REF_API_KEY).');
  }
}

/** 403: the key lacks the scope, the source IP is not allowed, or Shield Advanced is missing. */
export class PermissionDeniedError extends RefApiError {
  override readonly name: string = 'PermissionDeniedError';
  constructor(init: RefApiErrorInit) {
    super(init, 'Use a key with the scope this operation needs.');
  }
}

/** 404: the service or rule does not exist or is not owned by this account. */
export class NotFoundError extends RefApiError {
  override readonly name: string = 'NotFoundError';
  constructor(init: RefApiErrorInit) {
    super(init, 'Check the reference belongs to this account.');
  }
}

/** 409: the account or service lifecycle no longer permits the mutation (see `conflictStatus`). */
export class ConflictError extends RefApiError {
  override readonly name: string = 'ConflictError';
  constructor(init: RefApiErrorInit, hint = 'Re-read the resource state before retrying.') {
    super(init, hint);
  }
}

/** 409 `idempotency_key_reused`: the same Idempotency-Key was sent with a different body. */
export class IdempotencyKeyReusedError extends ConflictError {
  override readonly name: string = 'IdempotencyKeyReusedError';
  constructor(init: RefApiErrorInit) {
    super(init, 'Use a new Idempotency-Key for a different request.');
  }
}

/** 409 `idempotency_key_in_use`: a request with this key is still running (retried already). */
export class IdempotencyKeyInUseError extends ConflictError {
  override readonly name: string = 'IdempotencyKeyInUseError';
  constructor(init: RefApiErrorInit) {
    super(init, 'Wait for the first request to finish, then repeat with the same key.');
  }
}

/** 422: billing profile, plan options, price, stock or balance does not permit the purchase. */
export class UnprocessableEntityError extends RefApiError {
  override readonly name: string = 'UnprocessableEntityError';
  constructor(init: RefApiErrorInit) {
    super(init, 'The order cannot be fulfilled as requested.');
  }
}

/** 428: the operation requires an Idempotency-Key header. */
export class PreconditionRequiredError extends RefApiError {
  override readonly name: string = 'PreconditionRequiredError';
  constructor(init: RefApiErrorInit) {
    super(init, 'Send an Idempotency-Key header.');
  }
}

/** 429: rate limit exceeded; `retryAfter` says how long to wait. */
export class RateLimitError extends RefApiError {
  override readonly name: string = 'RateLimitError';
  constructor(init: RefApiErrorInit) {
    super(init, `Retry after ${init.retryAfter ?? '?'} s.`);
  }
}

/** 502: the provider rejected or failed a power action (never retried automatically). */
export class ProviderError extends RefApiError {
  override readonly name: string = 'ProviderError';
  constructor(init: RefApiErrorInit) {
    super(init, 'The provider refused the action; check the service before repeating it.');
  }
}

/** 503: Shield is paused or temporarily unavailable; `retryAfter` may say how long. */
export class ServiceUnavailableError extends RefApiError {
  override readonly name: string = 'ServiceUnavailableError';
  constructor(init: RefApiErrorInit) {
    super(
      init,
      `Try again later${init.retryAfter === undefined ? '' : ` (after ${init.retryAfter} s)`}.`,
    );
  }
}

/** Any other 5xx: the server failed. */
export class InternalServerError extends RefApiError {
  override readonly name: string = 'InternalServerError';
  constructor(init: RefApiErrorInit) {
    super(init, 'The server failed; try again later.');
  }
}
