import type { ErrorCodeText } from '@refapi/schema';

/** Options of a {@link DomainError}. */
export interface DomainErrorOptions {
  /** Lifecycle state that blocked the mutation; emitted as `status` in the 409 body. */
  readonly conflictStatus?: string;
  /** Extra response headers, e.g. `Retry-After`. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * A transient outcome is not stored under the request's Idempotency-Key, so a retry
   * with the same key runs again. Defaults to true for 5xx, false otherwise.
   */
  readonly transient?: boolean;
}

/**
 * A rule of the API refused the call. The HTTP layer answers `status` with the body
 * `{error: code}` (plus `status` when `conflictStatus` is set).
 */
export class DomainError extends Error {
  readonly conflictStatus: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly transient: boolean;

  constructor(
    readonly status: number,
    /** A code of the contract's table (`ERROR_CODES` of `@refapi/schema`): another does not compile. */
    readonly code: ErrorCodeText,
    options: DomainErrorOptions = {},
  ) {
    super(code);
    this.name = 'DomainError';
    this.conflictStatus = options.conflictStatus;
    this.headers = options.headers ?? {};
    this.transient = options.transient ?? status >= 500;
  }

  /** The error body: `{error}` or `{error, status}`. */
  toBody(): { error: string; status?: string } {
    return this.conflictStatus === undefined
      ? { error: this.code }
      : { error: this.code, status: this.conflictStatus };
  }
}

/** 404 for a reference that does not exist or is not the caller's: the two are indistinguishable. */
export const notFound = (): DomainError => new DomainError(404, 'not_found');
