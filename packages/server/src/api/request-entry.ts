import { isCredentialName, REDACTED, redactQuery } from '@refapi/schema';
import { bearerToken } from '../domain/auth';
import { boundedMemo } from '../internal/bounded-memo';
import { isoTime } from '../internal/iso-time';
import { ENTRY_OVERHEAD_CHARS, headersChars, type JournalRecord } from '../request-journal';
import type { JournalMessage, RequestEntry } from '../state/server-context';
import type { RequestFacts } from './api-context';
import type { ApiRequest, ApiResponse, HeaderValues } from './api-request';
import { requestIdOf } from './request-id';

/** Bytes of a body the journal keeps (16 KiB). */
const JOURNAL_BODY_BYTES = 16 * 1024;

const encoder = new TextEncoder();
// Keeps a leading U+FEFF, as the body itself keeps it (`body-text.ts`): a cut body shows it too.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The first {@link JOURNAL_BODY_BYTES} of a UTF-8 body, cut on a character boundary. */
export function truncateBody(body: string): { body: string; body_truncated: boolean } {
  // Three bytes per UTF-16 unit at most: short bodies need no encoding to know they fit.
  if (body.length * 3 <= JOURNAL_BODY_BYTES) return { body, body_truncated: false };
  const bytes = encoder.encode(body);
  if (bytes.length <= JOURNAL_BODY_BYTES) return { body, body_truncated: false };
  let end = JOURNAL_BODY_BYTES;
  // Back off continuation bytes (10xxxxxx) so no character is cut in half.
  while (end > 0 && ((bytes[end] as number) & 0xc0) === 0x80) end--;
  return { body: decoder.decode(bytes.subarray(0, end)), body_truncated: true };
}

// Credentials by the one rule of @refapi/schema, shared with the SDK's log and refctl. Header
// names repeat from request to request, so each name's lower case and the rule's answer are
// kept per name as sent (bounded).
const headerName = boundedMemo((name: string) => {
  const lower = name.toLowerCase();
  return { lower, credential: isCredentialName(lower) };
}, 512);

/** `headers` with lower-case names, each credential redacted (as `redactHeaders` does). */
function redacted(headers: HeaderValues): Record<string, string> {
  const safe: Record<string, string> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    const { lower, credential } = headerName(name);
    safe[lower] = credential ? REDACTED : typeof value === 'string' ? value : value.join(', ');
  }
  return safe;
}

/**
 * The request's Idempotency-Key as the journal shows it: {@link REDACTED} when it is a
 * credential (a client that sent its token as the key), else as sent. Its header is
 * redacted by name already; the entry's `idempotency_key` field is not, so the value is
 * compared with the request's own bearer token and asked of `isSecret` (other API keys,
 * the admin token).
 */
function shownIdempotencyKey(
  request: ApiRequest,
  isSecret: ((value: string) => boolean) | undefined,
): string | null {
  const key = request.header('idempotency-key');
  if (key === undefined) return null;
  const secret = key === bearerToken(request.header('authorization')) || isSecret?.(key) === true;
  return secret ? REDACTED : key;
}

/**
 * A body as the journal keeps it: a short one as it is, a longer one cut at once, so an
 * entry never holds more than 16 KiB of it however long it stays unread.
 */
type KeptBody = string | undefined | { readonly body: string; readonly body_truncated: boolean };

/** The request body of a 413 `body_too_large`: there was one, and none of it is kept. */
const TOO_LARGE: KeptBody = { body: '', body_truncated: true };

const keep = (body: string | undefined): KeptBody =>
  body === undefined || body.length * 3 <= JOURNAL_BODY_BYTES ? body : truncateBody(body);

const keptChars = (body: KeptBody): number =>
  body === undefined ? 0 : typeof body === 'string' ? body.length : body.body.length;

function message(
  /** Redacted already ({@link redacted}). */
  safe: Record<string, string>,
  body: KeptBody,
  /** The response's `Request-Id`, set on the way out: the journal shows it already. */
  requestId?: string,
): JournalMessage {
  if (requestId !== undefined) safe['request-id'] = requestId;
  if (body === undefined || body === '')
    return { headers: safe, body: null, body_truncated: false };
  if (typeof body === 'string') return { headers: safe, body, body_truncated: false };
  return { headers: safe, ...body };
}

/**
 * An API request as the journal keeps it (`JournalRecord`): what queries filter on and the
 * redacted request headers at once, the rest of the entry when first read. Most entries are
 * never read, and building one whole (both messages, the query, the time) cost about a
 * fifth of answering `GET /v1/me`.
 */
export class JournalledRequest implements JournalRecord {
  readonly id: string;
  readonly operation: string | null;
  readonly status: number;
  readonly account_ref: string | null;
  readonly chars: number;
  #entry: RequestEntry | undefined;
  readonly #spaceId: string | null;
  // The facts' fields, not the object: every entry stays in memory for a thousand requests.
  readonly #receivedMs: number;
  readonly #durationMs: number;
  readonly #fault: string | null;
  readonly #method: string;
  readonly #path: string;
  readonly #search: string;
  readonly #idempotencyKey: string | null;
  // Redacted at once: the journal never holds a credential, read or not.
  readonly #requestHeaders: Record<string, string>;
  readonly #requestBody: KeptBody;
  // A copy: the chain adds headers on the way out (CORS, Content-Length) the journal never showed.
  readonly #responseHeaders: Readonly<Record<string, string>>;
  readonly #responseBody: KeptBody;

  constructor(
    request: ApiRequest,
    response: ApiResponse,
    facts: RequestFacts,
    /** The space that answered it (`/spaces/{id}/…`); null at the root. */
    spaceId: string | null = null,
    /** Whether a value is a credential the server knows (an API key, the admin token). */
    isSecret?: (value: string) => boolean,
  ) {
    this.id = requestIdOf(request);
    this.operation = facts.operation;
    this.status = response.status;
    this.account_ref = facts.account_ref;
    this.#spaceId = spaceId;
    this.#receivedMs = facts.receivedMs;
    this.#durationMs = facts.duration_ms;
    this.#fault = facts.fault;
    this.#method = request.method;
    this.#path = request.path;
    this.#search = request.search;
    this.#idempotencyKey = shownIdempotencyKey(request, isSecret);
    this.#requestHeaders = redacted(request.headers?.() ?? {});
    // A body refused as too large was never read: none of it is kept, which is not "no body".
    this.#requestBody = request.bodyTooLarge ? TOO_LARGE : keep(request.body);
    this.#responseHeaders = { ...response.headers };
    this.#responseBody = keep(response.body);
    this.chars =
      ENTRY_OVERHEAD_CHARS +
      this.#path.length +
      this.#search.length +
      headersChars(this.#requestHeaders) +
      keptChars(this.#requestBody) +
      headersChars(this.#responseHeaders) +
      keptChars(this.#responseBody);
  }

  entry(): RequestEntry {
    this.#entry ??= {
      id: this.id,
      space_id: this.#spaceId,
      time: isoTime(this.#receivedMs),
      operation: this.operation,
      method: this.#method,
      path: this.#path,
      query: redactQuery(this.#search),
      status: this.status,
      duration_ms: this.#durationMs,
      account_ref: this.account_ref,
      idempotency_key: this.#idempotencyKey,
      replayed: this.#responseHeaders['idempotent-replayed'] === 'true',
      fault: this.#fault,
      request: message(this.#requestHeaders, this.#requestBody),
      response: message(redacted(this.#responseHeaders), this.#responseBody, this.id),
    };
    return this.#entry;
  }
}
