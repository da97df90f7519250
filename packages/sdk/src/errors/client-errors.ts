import { shownText } from '@refapi/schema/text';
import type { z } from 'zod';
import type { RateLimitState } from '../rate-limit';
import { RefSdkError, requestSuffix, shownUrl } from './ref-error';

/** No response arrived: DNS, refused or reset connection, TLS failure. */
export class ConnectionError extends RefSdkError {
  override readonly name: string = 'ConnectionError';
  /** HTTP method of the request, when the failure belongs to one request. */
  readonly method: string | undefined;
  /** URL of the request, when the failure belongs to one request. */
  readonly url: string | undefined;

  constructor(init: {
    method?: string;
    url?: string;
    cause?: unknown;
    message?: string;
    /**
     * Of the response a {@link TimeoutError} cut short (while its body was read or its
     * `afterResponse` hooks ran), when one had arrived.
     */
    requestId?: string | undefined;
    rateLimit?: RateLimitState | undefined;
  }) {
    const cause = init.cause;
    // A fetch of the caller's may fail with a page of text: shown as a server's text is, on
    // one short line; the cause keeps it whole.
    const reason =
      cause === undefined
        ? ''
        : ` (${shownText(
            cause instanceof Error
              ? ((cause.cause as Error | undefined)?.message ?? cause.message)
              : String(cause),
          )})`;
    super(
      init.message ??
        `${init.method} ${shownUrl(init.url)} failed: no response${reason}. Check the network and baseUrl.`,
      {
        ...(cause === undefined ? {} : { cause }),
        ...(init.rateLimit ? { rateLimit: init.rateLimit } : {}),
        requestId: init.requestId,
      },
    );
    this.method = init.method;
    this.url = init.url;
  }
}

/**
 * The per-attempt `timeout` or the `totalTimeout` elapsed, or a `waitFor` ran out of time
 * (then it is the subclass {@link WaitTimeoutError}). When it elapsed after the headers
 * arrived (while the body was read, or while `afterResponse` hooks ran on it), `requestId`
 * and `rateLimit` are those of that response.
 */
export class TimeoutError extends ConnectionError {
  override readonly name: string = 'TimeoutError';
  /** The limit that elapsed, in milliseconds. */
  readonly timeoutMs: number;

  constructor(init: {
    method?: string;
    url?: string;
    timeoutMs: number;
    what: string;
    cause?: unknown;
    requestId?: string | undefined;
    rateLimit?: RateLimitState | undefined;
  }) {
    const what = init.method ? `${init.method} ${shownUrl(init.url)} ${init.what}` : init.what;
    const message = `${what} after ${init.timeoutMs} ms${requestSuffix(init.requestId)}.`;
    super({ ...init, message });
    this.timeoutMs = init.timeoutMs;
  }
}

/**
 * A `waitFor` did not see its target state before its `timeout`. A request that times out
 * while the wait still has time left stays a plain {@link TimeoutError} (with `method`).
 */
export class WaitTimeoutError extends TimeoutError {
  override readonly name: string = 'WaitTimeoutError';
  /** The state waited for, e.g. `active`. */
  readonly targetState: string;
  /** The state the last answered poll observed; `undefined` when no poll was answered. */
  readonly lastState: string | undefined;

  constructor(init: {
    what: string;
    targetState: string;
    lastState: string | undefined;
    timeoutMs: number;
    cause?: unknown;
  }) {
    // The last state is the server's text: shown escaped and bounded, kept whole on the error.
    const last = init.lastState === undefined ? '' : ` (last seen: ${shownText(init.lastState)})`;
    super({
      timeoutMs: init.timeoutMs,
      what: `Waiting for ${init.what} to be ${init.targetState}${last} timed out`,
      ...(init.cause === undefined ? {} : { cause: init.cause }),
    });
    this.targetState = init.targetState;
    this.lastState = init.lastState;
  }
}

/** Why a redirect was not followed. */
export type RedirectRefusal = 'origin' | 'hidden' | 'invalid' | 'credentials' | 'loop';

/**
 * The API answered a redirect the SDK does not follow: to another origin than the base URL's
 * (neither the request nor its key goes there), one the runtime hides (a browser's opaque
 * redirect), or more than 20 in a row. Never retried. The target is named by its origin only:
 * its path and query may carry anything.
 */
export class RedirectError extends RefSdkError {
  override readonly name: string = 'RedirectError';
  /** HTTP method of the request. */
  readonly method: string;
  /** URL of the request that was redirected. */
  readonly url: string;
  /** The redirect's status (301, 302, 303, 307, 308); undefined when the runtime hid it. */
  readonly status: number | undefined;
  /** Origin of the redirect's target (`https://other.example`); undefined when hidden. */
  readonly targetOrigin: string | undefined;

  constructor(init: {
    method: string;
    url: string;
    status: number | undefined;
    targetOrigin: string | undefined;
    refusal: RedirectRefusal;
    requestId?: string | undefined;
    rateLimit?: RateLimitState | undefined;
  }) {
    const status = init.status === undefined ? '' : ` (${init.status})`;
    const where = `${init.method} ${shownUrl(init.url)}`;
    const messages: Record<RedirectRefusal, string> = {
      origin: `${where} was redirected${status} to ${init.targetOrigin}, another origin than the base URL's: not followed, so neither the request nor the API key went there. Point baseUrl at the API's own address.`,
      hidden: `${where} was redirected${status}, and the runtime hides where to (an opaque redirect): not followed. Point baseUrl at the API's own address.`,
      invalid: `${where} was redirected${status} to a Location that is not a URL: not followed.`,
      credentials: `${where} was redirected${status} to a URL with a user name or password in it: not followed (fetch sends no such URL).`,
      loop: `${where} was redirected${status} more than 20 times; stopped following.`,
    };
    super(messages[init.refusal], {
      ...(init.rateLimit ? { rateLimit: init.rateLimit } : {}),
      requestId: init.requestId,
    });
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.targetOrigin = init.targetOrigin;
  }
}

/** The request succeeded but the body does not match the contract (outside the HTTP errors). */
export class ResponseValidationError extends RefSdkError {
  override readonly name: string = 'ResponseValidationError';
  /** The zod issues, with paths into the response body. */
  readonly issues: z.core.$ZodIssue[];
  /** operationId whose success schema failed. */
  readonly operationId: string;
  /** HTTP status of the response. */
  readonly status: number;
  /** URL of the request. */
  readonly url: string;
  /**
   * The unvalidated body: parsed, or its text when it was not JSON. A body over 64 KiB is
   * kept as the text of its first 64 KiB, and `bodyTruncated` is true (`issues` are still
   * those of the whole body), as an API error keeps its body.
   */
  readonly body: unknown;
  /** Whether `body` is only the start (the first 64 KiB) of a longer body. */
  readonly bodyTruncated: boolean;

  constructor(init: {
    operationId: string;
    status: number;
    url: string;
    issues: z.core.$ZodIssue[];
    body: unknown;
    /** Whether `body` is the text of the first 64 KiB of a longer body. Default false. */
    bodyTruncated?: boolean | undefined;
    rateLimit: RateLimitState | undefined;
    requestId?: string | undefined;
  }) {
    const first = init.issues[0];
    const where = first ? ` at ${first.path.join('.') || '(root)'}: ${first.message}` : '';
    super(
      `${init.operationId} answered a body that does not match the contract${where}${requestSuffix(init.requestId)}. Set validateResponses: false to accept it as is.`,
      { ...(init.rateLimit ? { rateLimit: init.rateLimit } : {}), requestId: init.requestId },
    );
    this.issues = init.issues;
    this.operationId = init.operationId;
    this.status = init.status;
    this.url = init.url;
    this.body = init.body;
    this.bodyTruncated = init.bodyTruncated ?? false;
  }
}

/**
 * A response body passed `maxResponseBytes`: the connection was dropped without reading the
 * rest, so memory stays bounded. Never retried.
 */
export class ResponseTooLargeError extends RefSdkError {
  override readonly name: string = 'ResponseTooLargeError';
  /** HTTP method of the request. */
  readonly method: string;
  /** URL of the request. */
  readonly url: string;
  /** The limit that was passed, in bytes. */
  readonly maxBytes: number;

  constructor(init: {
    method: string;
    url: string;
    maxBytes: number;
    requestId?: string | undefined;
    rateLimit?: RateLimitState | undefined;
  }) {
    super(
      `${init.method} ${shownUrl(init.url)} answered more than ${init.maxBytes} bytes${requestSuffix(init.requestId)}; the connection was dropped. Raise maxResponseBytes if such a response is expected.`,
      { ...(init.rateLimit ? { rateLimit: init.rateLimit } : {}), requestId: init.requestId },
    );
    this.method = init.method;
    this.url = init.url;
    this.maxBytes = init.maxBytes;
  }
}

/**
 * A response body could not be decoded by its `Content-Encoding` (bytes that are not gzip,
 * deflate or brotli, a checksum that does not match): the server sent an answer, but not one
 * that can be read. Never retried, since the same server would send it again; `cause` is the
 * decoder's error. A write's outcome is unknown, as after a {@link ConnectionError}.
 */
export class ResponseDecodeError extends RefSdkError {
  override readonly name: string = 'ResponseDecodeError';
  /** HTTP method of the request. */
  readonly method: string;
  /** URL of the request. */
  readonly url: string;
  /** HTTP status of the response whose body could not be decoded. */
  readonly status: number;
  /** The response's `Content-Encoding` header, e.g. `gzip`. */
  readonly contentEncoding: string;

  constructor(init: {
    method: string;
    url: string;
    status: number;
    contentEncoding: string;
    cause: unknown;
    requestId?: string | undefined;
    rateLimit?: RateLimitState | undefined;
  }) {
    const reason = init.cause instanceof Error ? `: ${shownText(init.cause.message)}` : '';
    super(
      `${init.method} ${shownUrl(init.url)} answered ${init.status} with a body that could not be decoded (Content-Encoding: ${shownText(init.contentEncoding)}${reason})${requestSuffix(init.requestId)}; not retried, as the server would send it again.`,
      {
        cause: init.cause,
        ...(init.rateLimit ? { rateLimit: init.rateLimit } : {}),
        requestId: init.requestId,
      },
    );
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.contentEncoding = init.contentEncoding;
  }
}

/**
 * Empty pages in a row, each saying there is more, after which a page walk stops with a
 * {@link PaginationLoopError}: no real list has so many, a server that answers them without
 * end would otherwise be asked for pages forever.
 */
export const MAX_EMPTY_PAGES = 100;

/**
 * A list answered a cursor it already gave, or {@link MAX_EMPTY_PAGES} (100) empty pages in a
 * row that each had a next cursor: stopping instead of looping forever.
 */
export class PaginationLoopError extends RefSdkError {
  override readonly name: string = 'PaginationLoopError';
  /**
   * The cursor that repeated, or the next cursor of the last empty page, as sent (the message
   * shows it escaped and cut after 200 characters, as it shows any of the server's text).
   */
  readonly cursor: string;
  /** How many empty pages in a row stopped the walk; undefined when a cursor repeated. */
  readonly emptyPages: number | undefined;

  constructor(operationId: string, cursor: string, emptyPages?: number) {
    super(
      emptyPages === undefined
        ? `${operationId} returned cursor ${shownText(cursor)} a second time; stopped paging to avoid a loop.`
        : `${operationId} answered ${emptyPages} empty pages in a row, each with a next cursor (the last: ${shownText(cursor)}); stopped paging to avoid a loop.`,
    );
    this.cursor = cursor;
    this.emptyPages = emptyPages;
  }
}

/** A `waitFor` saw the resource reach `failed` (or disappear) instead of the wanted state. */
export class WaitForError extends RefSdkError {
  override readonly name: string = 'WaitForError';
  /** The state last observed (`failed`, or `absent` when the resource is gone). */
  readonly state: string;
  /** The provider-neutral error code the server reported, if any. */
  readonly errorCode: string | undefined;

  constructor(what: string, wanted: string, state: string, errorCode?: string) {
    // The state and the code are the server's text: shown escaped and bounded, kept whole here.
    const code = errorCode ? ` (${shownText(errorCode)})` : '';
    super(`${what} reached ${shownText(state)}${code} while waiting for ${wanted}.`);
    this.state = state;
    this.errorCode = errorCode;
  }
}

/**
 * The caller aborted the call through its own `signal` (a timeout is a {@link TimeoutError}):
 * a request, a page walk or a `waitFor`. `cause` is the signal's reason. When it aborted after
 * the headers arrived (while the body was read, or while `afterResponse` hooks ran on it),
 * `requestId` and `rateLimit` are those of that response.
 */
export class UserAbortError extends RefSdkError {
  override readonly name: string = 'UserAbortError';
  /** HTTP method of the request in flight, when one was. */
  readonly method: string | undefined;
  /** URL of the request in flight, when one was. */
  readonly url: string | undefined;
  constructor(init: {
    reason: unknown;
    method?: string;
    url?: string;
    /** Of the response the abort cut short, when one had arrived. */
    requestId?: string | undefined;
    rateLimit?: RateLimitState | undefined;
  }) {
    const what = init.method ? `${init.method} ${shownUrl(init.url)}` : 'The call';
    super(`${what} was aborted by its signal${requestSuffix(init.requestId)}.`, {
      cause: init.reason,
      ...(init.rateLimit ? { rateLimit: init.rateLimit } : {}),
      requestId: init.requestId,
    });
    this.method = init.method;
    this.url = init.url;
  }
}

/** The client or a call got options it cannot use (no API key, a malformed Idempotency-Key …). */
export class ConfigurationError extends RefSdkError {
  override readonly name: string = 'ConfigurationError';
}
