import type { OperationId } from '@refapi/schema';

/** What every hook learns of the attempt it runs for. */
export interface HookContext {
  /** The contract's operation id of the call (`getAccount` …). */
  readonly operationId: OperationId;
  /** Which HTTP attempt of the call: 1 for the first, 2 for the first retry … */
  readonly attempt: number;
  /**
   * The request of this attempt. Its headers may be changed in `beforeRequest` and
   * `beforeRetry`; they hold your `Authorization` header, so never log them whole.
   */
  readonly request: Request;
}

/** What `afterResponse` hooks receive: any answer of an attempt, error statuses included. */
export interface AfterResponseContext extends HookContext {
  /** A copy of the response with its own readable body; the call's result is unaffected. */
  readonly response: Response;
}

/** What `beforeRetry` hooks receive: the failure that is about to be retried. */
export interface BeforeRetryContext extends HookContext {
  /** The typed SDK error of the failed attempt (`RateLimitError`, `TimeoutError` …). */
  readonly error: Error;
}

/** What `beforeError` hooks receive: the error the call is about to throw. */
export interface BeforeErrorContext {
  readonly operationId: OperationId;
  /** Attempts made; 0 when the call failed before sending anything. */
  readonly attempt: number;
  /** The request of the last attempt, when one was sent. */
  readonly request: Request | undefined;
  /** The typed SDK error (`UserAbortError` when your own `signal` aborted the call). */
  readonly error: unknown;
}

// biome-ignore lint/suspicious/noConfusingVoidType: a hook that returns nothing keeps the error.
type ErrorHookResult = Error | void | Promise<Error | void>;

/**
 * Functions the client calls around each HTTP attempt, in the order of ky's hooks of the
 * same names (they run on them). Hooks may be async; a hook that throws fails the call with
 * its error, never retried.
 */
export interface ClientHooks {
  /** Before the first attempt of each call; set headers on `request` here. */
  beforeRequest?: ReadonlyArray<(context: HookContext) => void | Promise<void>> | undefined;
  /** Before each retry, after the wait; set headers on `request` here. */
  beforeRetry?: ReadonlyArray<(context: BeforeRetryContext) => void | Promise<void>> | undefined;
  /** After each attempt's response arrived and its body was read. */
  afterResponse?:
    | ReadonlyArray<(context: AfterResponseContext) => void | Promise<void>>
    | undefined;
  /** Before a call throws; return an `Error` to throw that one instead. */
  beforeError?: ReadonlyArray<(context: BeforeErrorContext) => ErrorHookResult> | undefined;
}
