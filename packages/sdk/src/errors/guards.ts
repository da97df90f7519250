import {
  ConfigurationError,
  ConnectionError,
  PaginationLoopError,
  RedirectError,
  ResponseDecodeError,
  ResponseTooLargeError,
  ResponseValidationError,
  TimeoutError,
  UserAbortError,
  WaitForError,
  WaitTimeoutError,
} from './client-errors';
import * as http from './http-errors';
import { RefApiError, RefSdkError } from './ref-error';

// biome-ignore lint/suspicious/noExplicitAny: constructor parameters differ per class.
type ErrorClass<T> = abstract new (...args: any[]) => T;
const guard =
  <T>(cls: ErrorClass<T>) =>
  (error: unknown): error is T =>
    error instanceof cls;

/** Whether `error` is any error thrown by the SDK. */
export const isRefSdkError = guard(RefSdkError);
/** Whether `error` is an HTTP error status answered by the API. */
export const isRefApiError = guard(RefApiError);
/** Whether `error` is a 400. */
export const isBadRequestError = guard(http.BadRequestError);
/** Whether `error` is a 401. */
export const isAuthenticationError = guard(http.AuthenticationError);
/** Whether `error` is a 403. */
export const isPermissionDeniedError = guard(http.PermissionDeniedError);
/** Whether `error` is a 404. */
export const isNotFoundError = guard(http.NotFoundError);
/** Whether `error` is a 409 (any kind). */
export const isConflictError = guard(http.ConflictError);
/** Whether `error` is a 409 `idempotency_key_reused`. */
export const isIdempotencyKeyReusedError = guard(http.IdempotencyKeyReusedError);
/** Whether `error` is a 409 `idempotency_key_in_use`. */
export const isIdempotencyKeyInUseError = guard(http.IdempotencyKeyInUseError);
/** Whether `error` is a 422. */
export const isUnprocessableEntityError = guard(http.UnprocessableEntityError);
/** Whether `error` is a 428. */
export const isPreconditionRequiredError = guard(http.PreconditionRequiredError);
/** Whether `error` is a 429. */
export const isRateLimitError = guard(http.RateLimitError);
/** Whether `error` is a 502 from the provider. */
export const isProviderError = guard(http.ProviderError);
/** Whether `error` is a 503. */
export const isServiceUnavailableError = guard(http.ServiceUnavailableError);
/** Whether `error` is another 5xx. */
export const isInternalServerError = guard(http.InternalServerError);
/** Whether no response arrived (includes timeouts). */
export const isConnectionError = guard(ConnectionError);
/** Whether a timeout elapsed: a request's, or a `waitFor`'s (see {@link isWaitTimeoutError}). */
export const isTimeoutError = guard(TimeoutError);
/** Whether the API answered a redirect the SDK does not follow (another origin …). */
export const isRedirectError = guard(RedirectError);
/** Whether a response body did not match the contract. */
export const isResponseValidationError = guard(ResponseValidationError);
/** Whether a response body could not be decoded by its `Content-Encoding`. */
export const isResponseDecodeError = guard(ResponseDecodeError);
/** Whether a response body passed `maxResponseBytes`. */
export const isResponseTooLargeError = guard(ResponseTooLargeError);
/** Whether a list repeated a cursor. */
export const isPaginationLoopError = guard(PaginationLoopError);
/** Whether a `waitFor` ended in `failed` or found the resource gone. */
export const isWaitForError = guard(WaitForError);
/** Whether a `waitFor` ran out of time (a request timeout inside it is not this). */
export const isWaitTimeoutError = guard(WaitTimeoutError);
/** Whether the caller aborted the call through its own `signal`. */
export const isUserAbortError = guard(UserAbortError);
/** Whether the client was misconfigured. */
export const isConfigurationError = guard(ConfigurationError);
