import type { ClientHooks } from './hooks';
import type { Logger, LogLevel } from './logger';

/** A WHATWG fetch: the global one, the reference server's in-process one, or any polyfill. */
export type FetchFunction = (
  input: Request | URL | string,
  init?: RequestInit,
) => Promise<Response>;

/** Options of `new RefClient()`; times are milliseconds. */
export interface ClientOptions {
  /**
   * API key (`refak_…`); defaults to `REF_API_KEY` where `process` exists. Required: a string
   * of printable ASCII, else a `ConfigurationError` that names the option, never the key.
   */
  apiKey?: string | undefined;
  /** Base URL ending in `/v1`; defaults to `REF_BASE_URL`, then `http://127.0.0.1:4010/v1`. */
  baseUrl?: string | undefined;
  /**
   * Retries after the first attempt, for retriable failures only. Default 2. A whole number
   * from 0; anything else throws a `ConfigurationError`.
   */
  maxRetries?: number | undefined;
  /**
   * Longest `Retry-After` to wait for, in milliseconds; a longer one fails fast with the
   * error's `retryAfterSeconds` set. Default 60 000. From 0 (never wait) to 2 147 483 647;
   * anything else throws a `ConfigurationError`.
   */
  maxRetryAfterMs?: number | undefined;
  /** @deprecated Renamed `maxRetryAfterMs` (the unit in the name); this alias goes in the next minor version. */
  maxRetryAfter?: number | undefined;
  /**
   * Limit of each attempt, from sending the request to the last byte of the body. Default
   * 30 000. At most 2 147 483 647 (the longest a timer waits); a negative, non-finite or
   * non-number value throws a `ConfigurationError`.
   */
  timeout?: number | undefined;
  /** Limit of a whole call across its retries. Default: none. Checked as `timeout` is. */
  totalTimeout?: number | undefined;
  /**
   * Largest response body to read, in bytes. A larger one fails the call with
   * `ResponseTooLargeError` and drops the connection. Default 33 554 432 (32 MiB).
   */
  maxResponseBytes?: number | undefined;
  /** The fetch to send requests with. Default: `globalThis.fetch`. */
  fetch?: FetchFunction | undefined;
  /**
   * How responses are checked against the contract. `'compatible'` (the default; `true` is
   * the same) keeps unknown properties and accepts new values of enums the SDK does not
   * branch on, warning once per operation and path through the logger; a missing field or a
   * wrong type still throws `ResponseValidationError`. `'strict'` throws on any difference;
   * `false` checks nothing.
   */
  validateResponses?: 'compatible' | 'strict' | boolean | undefined;
  /** Where log lines go. Default `console`. */
  logger?: Logger | undefined;
  /**
   * How much to log; defaults to `REF_LOG_LEVEL`, then `off`. Credential headers and query
   * parameters (`Authorization`, `Cookie`, any name with key, token, secret, password, auth
   * or session) are always redacted.
   */
  logLevel?: LogLevel | undefined;
  /**
   * OpenTelemetry: when `@opentelemetry/api` is installed and the application registered a
   * tracer or meter provider, each HTTP attempt is a CLIENT span and a
   * `http.client.request.duration` measurement, and the trace context is propagated.
   * Nothing is loaded or recorded without the package. `false` turns it off. Default `true`.
   */
  telemetry?: boolean | undefined;
  /** Functions called around each HTTP attempt: `beforeRequest`, `beforeRetry`, `afterResponse`, `beforeError`. */
  hooks?: ClientHooks | undefined;
}

/** Per-call options every method accepts as its last argument. */
export interface RequestOptions {
  /** Aborts the call, including pending retries. */
  signal?: AbortSignal | undefined;
  /** Limit of each attempt of this call, body included; checked as the client's `timeout` is. */
  timeout?: number | undefined;
  /** Limit of this call across its retries; checked as the client's `timeout` is. */
  totalTimeout?: number | undefined;
  /** Retries for this call: a whole number from 0, as the client's `maxRetries`. */
  maxRetries?: number | undefined;
  /**
   * `Idempotency-Key` to send. Operations that require one get a fresh UUID per call when
   * this is absent; the same key is reused on every retry of the call.
   */
  idempotencyKey?: string | undefined;
  /** Extra request headers: a plain object of names to values (not a `Headers` or a `Map`). */
  headers?: Record<string, string> | undefined;
}

/** Default client settings. */
export const DEFAULTS = {
  baseUrl: 'http://127.0.0.1:4010/v1',
  maxRetries: 2,
  maxRetryAfterMs: 60_000,
  /** @deprecated Renamed `maxRetryAfterMs`; this alias goes in the next minor version. */
  maxRetryAfter: 60_000,
  timeout: 30_000,
  maxResponseBytes: 32 * 1024 * 1024,
} as const;
