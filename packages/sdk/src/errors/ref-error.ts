import type { ErrorCode, OpenEnum } from '@refapi/schema';
import { errorMeaning } from '@refapi/schema/client';
import { shownText } from '@refapi/schema/text';
import type { RateLimitState } from '../rate-limit';

/** Found on every SDK error, whichever copy of the SDK made it (`Symbol.for` is process-wide). */
const SDK_ERROR = Symbol.for('@refapi/sdk.error');

/**
 * `instanceof` of every SDK error class (and so every `is…` guard): it also accepts an error
 * made by another copy of the SDK. A process that imports the ESM build while a dependency
 * require()s the CommonJS one holds two of each class, and `catch (e) { if (e instanceof
 * NotFoundError) … }` must not depend on which copy threw. Such an error matches when a class
 * of its prototype chain has this class's name (the build keeps class names).
 */
function isInstance(this: abstract new (...args: never[]) => unknown, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
  if (typeof value !== 'object' || value === null || !(SDK_ERROR in value)) return false;
  if (this.name === '') return false;
  for (
    let proto = Object.getPrototypeOf(value);
    proto !== null;
    proto = Object.getPrototypeOf(proto)
  ) {
    if (Object.hasOwn(proto, 'constructor') && proto.constructor.name === this.name) return true;
  }
  return false;
}

/**
 * Base class of every error the SDK throws; `rateLimit` and `requestId` are set when a
 * response was received.
 */
export class RefSdkError extends Error {
  static {
    Object.defineProperty(RefSdkError.prototype, SDK_ERROR, { value: true });
    // Inherited by every subclass, where `this` is the class right of `instanceof`.
    Object.defineProperty(RefSdkError, Symbol.hasInstance, { value: isInstance });
  }

  override readonly name: string = 'RefSdkError';
  /** Rate-limit state of the response that caused the error, if there was one. */
  readonly rateLimit: RateLimitState | undefined;
  /** The server's `Request-Id` of the response that caused the error; quote it to support. */
  readonly requestId: string | undefined;

  constructor(
    message: string,
    options: { cause?: unknown; rateLimit?: RateLimitState; requestId?: string | undefined } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.rateLimit = options.rateLimit;
    this.requestId = options.requestId;
  }
}

/** Characters of a URL an error message shows (the error's `url` keeps it whole). */
const SHOWN_URL_CHARS = 512;

/**
 * A URL as a message shows it: one past {@link SHOWN_URL_CHARS} (a 100 KB reference in a
 * path) is cut there, its length said, so a log line stays a line.
 */
export const shownUrl = (url: string | undefined): string =>
  url === undefined || url.length <= SHOWN_URL_CHARS
    ? String(url)
    : `${url.slice(0, SHOWN_URL_CHARS)}… (${url.length} characters)`;

/** ` (request req_…)` for a message, or nothing when the server sent no id. */
export const requestSuffix = (requestId: string | undefined): string =>
  requestId === undefined ? '' : ` (request ${requestId})`;

/** What an API error knows about the failed exchange; never the API key. */
export interface RefApiErrorInit {
  readonly status: number;
  /** The body's `error` as sent, e.g. `invalid_body: addons[3].units`. */
  readonly code: string | undefined;
  readonly conflictStatus?: string | undefined;
  readonly headers: Headers;
  readonly rateLimit: RateLimitState | undefined;
  /** The `Request-Id` response header, when the server sent one. */
  readonly requestId?: string | undefined;
  /** Seconds of the `Retry-After` header. */
  readonly retryAfterSeconds?: number | undefined;
  /** @deprecated Renamed `retryAfterSeconds`; this alias goes in the next minor version. */
  readonly retryAfter?: number | undefined;
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
  /** Whether `body` is the text of the first 64 KiB of a longer body. Default false. */
  readonly bodyTruncated?: boolean | undefined;
}

/**
 * Whether a failed response is a gateway's 502 (a proxy or load balancer that could not
 * reach the API: an HTML page, an empty body), not the API's own: the API answers 502 only
 * for a power action the provider refused, always with an `{error}` code.
 */
export const isGatewayFailure = (status: number, code: string | undefined): boolean =>
  status === 502 && code === undefined;

/** Whether a response says it is the answer stored for its request's `Idempotency-Key`. */
export const saysReplayed = (headers: Headers): boolean =>
  headers.get('idempotent-replayed')?.toLowerCase() === 'true';

/** What the message of a replayed error adds. */
const REPLAYED =
  'Replayed: the answer stored for this Idempotency-Key, which that key gets again whatever changed since; a new key sends the request again.';

/** The API answered with an error status; subclasses name the status. */
export class RefApiError extends RefSdkError {
  override readonly name: string = 'RefApiError';
  /** HTTP status of the response; each subclass narrows it to its own (`NotFoundError`: 404). */
  readonly status: number;
  /**
   * The error code: the body's `error` without the field a validation error names after a
   * colon (`invalid_body` of `invalid_body: addons[3].units`, whose field is `param`).
   */
  readonly code: OpenEnum<ErrorCode> | undefined;
  /** The field a validation error names: `addons[3].units` of `invalid_body: addons[3].units`. */
  readonly param: string | undefined;
  /** The 409 body's `status`: the lifecycle state that blocked the mutation. */
  readonly conflictStatus: string | undefined;
  /** Response headers. */
  readonly headers: Headers;
  /** Seconds the server asked to wait (`Retry-After`), when it said so. */
  readonly retryAfterSeconds: number | undefined;
  /** HTTP method of the request. */
  readonly method: string;
  /** URL of the request (it never contains credentials). */
  readonly url: string;
  /**
   * The parsed error body (`{error}`), or its text when it was not JSON. A body over 64 KiB
   * (a gateway's HTML page) is kept as the text of its first 64 KiB, and `bodyTruncated` is
   * true; `code`, `param` and `conflictStatus` are still read from the whole body.
   */
  readonly body: unknown;
  /** Whether `body` is only the start (the first 64 KiB) of a longer error body. */
  readonly bodyTruncated: boolean;
  /**
   * What the status (or its error code) means, from the contract's table (`errorMeaning` of
   * @refapi/schema); undefined for a status the API does not use.
   */
  readonly meaning: string | undefined;
  /**
   * Whether the server answered with what it stored for the request's `Idempotency-Key`
   * (`Idempotent-Replayed: true`): the same key gets this answer again whatever changed since
   * (a top-up after `insufficient_balance`); a new key sends the request again.
   */
  readonly replayed: boolean;

  constructor(init: RefApiErrorInit, hint?: string) {
    // The message keeps the code as sent, field included.
    const what = init.code ? `${init.status} ${shownText(init.code)}` : `${init.status}`;
    const conflict = init.conflictStatus ? ` (status: ${shownText(init.conflictStatus)})` : '';
    const request = requestSuffix(init.requestId);
    // The contract's meaning of 502 is the provider's refusal, which a gateway's 502 is not.
    const meaning = isGatewayFailure(init.status, init.code)
      ? undefined
      : errorMeaning(init.status, init.code);
    const replayed = saysReplayed(init.headers);
    const next = [meaning, hint, replayed ? REPLAYED : undefined].filter(Boolean).join(' ');
    super(
      `${init.method} ${shownUrl(init.url)} failed with ${what}${conflict}${request}.${next ? ` ${next}` : ''}`,
      { ...(init.rateLimit ? { rateLimit: init.rateLimit } : {}), requestId: init.requestId },
    );
    this.status = init.status;
    const { code, param } = splitCode(init.code);
    this.code = code;
    this.param = param;
    this.conflictStatus = init.conflictStatus;
    this.headers = init.headers;
    this.retryAfterSeconds = retryAfterOf(init);
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
    this.bodyTruncated = init.bodyTruncated ?? false;
    this.meaning = meaning;
    this.replayed = replayed;
  }

  /** @deprecated Renamed `retryAfterSeconds` (the unit in the name); this alias goes in the next minor version. */
  get retryAfter(): number | undefined {
    return this.retryAfterSeconds;
  }
}

/** Seconds of `Retry-After` from an init, under its name or its deprecated one. */
export const retryAfterOf = (init: RefApiErrorInit): number | undefined =>
  init.retryAfterSeconds ?? init.retryAfter;

/** `invalid_body: addons[3].units` → code `invalid_body`, param `addons[3].units`. */
function splitCode(text: string | undefined): {
  code: string | undefined;
  param: string | undefined;
} {
  const colon = text?.indexOf(':') ?? -1;
  if (text === undefined || colon === -1) return { code: text, param: undefined };
  const param = text.slice(colon + 1).trim();
  return { code: text.slice(0, colon).trim(), param: param === '' ? undefined : param };
}
