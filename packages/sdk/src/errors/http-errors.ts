import { RefApiError, type RefApiErrorInit } from './ref-error';
import { STATUS_ERRORS, type StatusErrorKey, type StatusErrorSpec } from './status-table';

// One class per status so callers can `catch (e) { if (e instanceof NotFoundError) … }`.
// Names and hints live in STATUS_ERRORS; each class below is one line naming its entry.
// What a status means is written once, in @refapi/schema (`ERROR_STATUS_MEANINGS`): every
// error carries it as `meaning` and in its message, so the TSDoc below only names the status.

// Declared return types keep the emitted .d.ts naming RefApiError and ConflictError instead of
// inlining their members (which would drag Node-only types into browser consumers).
/** A class built from one STATUS_ERRORS entry. */
interface StatusErrorClass<T extends RefApiError> {
  new (init: RefApiErrorInit, hint?: string): T;
  /** @internal The STATUS_ERRORS key, so `errorFromResponse` finds the class. */
  readonly key: StatusErrorKey;
}

/** The status a class answers to: its key, 409 for the idempotency codes, any for `5xx`. */
type StatusOf<K extends StatusErrorKey> = K extends number
  ? K
  : K extends `idempotency_${string}`
    ? 409
    : number;

/** An API error whose `status` is the literal of its class (`NotFoundError`: 404). */
type StatusError<K extends StatusErrorKey> = RefApiError & { readonly status: StatusOf<K> };

/** Base of the class for one STATUS_ERRORS entry. */
function statusError<K extends Exclude<StatusErrorKey, `idempotency_${string}`>>(
  key: K,
): StatusErrorClass<StatusError<K>> {
  const spec: StatusErrorSpec = STATUS_ERRORS[key];
  return class extends RefApiError {
    static readonly key: StatusErrorKey = key;
    override readonly name: string = spec.name;
    constructor(init: RefApiErrorInit, hint: string = spec.hint(init)) {
      super(init, hint);
    }
  } as unknown as StatusErrorClass<StatusError<K>>;
}

/** 400 (see `meaning`); `code` says where (`invalid_body`), `param` names the field (`addons[3].units`). */
export class BadRequestError extends statusError(400) {}
/** 401 (see `meaning`). */
export class AuthenticationError extends statusError(401) {}
/** 403 (see `meaning`); `code` tells scope, source IP and Shield Advanced apart. */
export class PermissionDeniedError extends statusError(403) {}
/** 404 (see `meaning`). */
export class NotFoundError extends statusError(404) {}
/** 409 (see `meaning`); `conflictStatus` is the lifecycle state that blocked the mutation. */
export class ConflictError extends statusError(409) {}
/** 422 (see `meaning`); `code` names the reason, e.g. `insufficient_balance`. */
export class UnprocessableEntityError extends statusError(422) {}
/** 428 (see `meaning`). */
export class PreconditionRequiredError extends statusError(428) {}
/** 429 (see `meaning`); `retryAfterSeconds` says how long to wait. */
export class RateLimitError extends statusError(429) {}
/**
 * 502 from the API (see `meaning`): its `code` says the provider refused or failed the power
 * action; never retried automatically. A gateway's 502 (no `{error}` body) is an
 * {@link InternalServerError}, retried.
 */
export class ProviderError extends statusError(502) {}
/** 503 (see `meaning`); `retryAfterSeconds` may say how long to wait. */
export class ServiceUnavailableError extends statusError(503) {}
/** Any other 5xx, a gateway's 502 included: the server failed. */
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

/** 409 `idempotency_key_reused` (see `meaning`). */
export class IdempotencyKeyReusedError extends conflictCodeError('idempotency_key_reused') {}
/** 409 `idempotency_key_in_use` (see `meaning`); retried already. */
export class IdempotencyKeyInUseError extends conflictCodeError('idempotency_key_in_use') {}
