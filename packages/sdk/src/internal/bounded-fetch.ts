import { ResponseDecodeError, ResponseTooLargeError } from '../errors/client-errors';
import type { FetchFunction } from '../options';
import { parseRateLimit, type RateLimitState } from '../rate-limit';
import { readRequestId } from './request-id';

// Invariant: a response reaches the SDK only after its whole body has been read, inside the
// fetch that ky times. So ky's per-attempt `timeout` and the call's signal cover the body as
// well as the headers (a server that stalls or drips after the headers cannot hang a call),
// and no more than `maxBytes` of it is ever held: past the limit the stream is cancelled,
// which makes fetch drop the connection instead of draining it.
//
// The bytes are kept beside the Response (whose own body is then used up) rather than in a
// new Response: constructing one per call costs more CPU than the whole SDK layer saves.
const bodies = new WeakMap<Response, Uint8Array>();
const decoder = new TextDecoder();

/** The body text of a response that went through {@link boundedFetch}. */
export function bodyText(response: Response): Promise<string> | string {
  const bytes = bodies.get(response);
  return bytes === undefined ? response.text() : decoder.decode(bytes);
}

/** The body bytes of a response that went through {@link boundedFetch}. */
export function bodyBytes(response: Response): Promise<Uint8Array> | Uint8Array {
  return bodies.get(response) ?? response.arrayBuffer().then((buffer) => new Uint8Array(buffer));
}

// Statuses whose Response may not have a body at all.
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A copy of a response that went through {@link boundedFetch} whose body can still be read
 * (its own was read whole already); for hooks, which must not consume the SDK's.
 */
export async function readableCopy(response: Response, requestUrl: string): Promise<Response> {
  const body = NULL_BODY_STATUSES.has(response.status) ? null : await bodyText(response);
  const copy = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // A constructed Response has an empty url (so has an in-process fetch's answer); the hook
  // should see where the answer came from.
  Object.defineProperty(copy, 'url', { value: response.url || requestUrl });
  return copy;
}

function signalOf(input: Request | URL | string, init: RequestInit | undefined) {
  return init?.signal ?? (input instanceof Request ? input.signal : undefined);
}

/** The server's id of an exchange and the rate-limit state its response's headers reported. */
interface AnsweredFacts {
  requestId?: string;
  rateLimit?: RateLimitState;
}

function answeredFacts(response: Response): AnsweredFacts {
  const requestId = readRequestId(response.headers);
  const rateLimit = parseRateLimit(response.headers);
  return { ...(requestId ? { requestId } : {}), ...(rateLimit ? { rateLimit } : {}) };
}

// What an error about a response names: its request, the server's id of it and the rate-limit
// state its headers reported (they arrived, only the body failed).
function exchangeOf(
  input: Request | URL | string,
  init: RequestInit | undefined,
  response: Response,
): { method: string; url: string } & AnsweredFacts {
  const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
  const url = input instanceof Request ? input.url : String(input);
  return { method, url, ...answeredFacts(response) };
}

// Responses an abort of their request's signal cut short (a timeout, the caller's abort),
// while their body was read or their afterResponse hooks ran: the headers arrived, so the
// error the call fails with names them. Kept by the attempt's Request (what ky's TimeoutError
// holds, and the transport's latest attempt) and by the signal's reason (what a deadline's
// abort throws), with that reason: a Request's entry answers for that abort only, not for a
// later one while the call waits to retry. Set as the signal fires: before any error of it is
// thrown. Weak: nothing outlives the call.
const cutShort = new WeakMap<object, { response: Response; reason: unknown }>();

/**
 * Records that the abort of `request`'s signal, for `reason`, cut `response` short: after its
 * headers arrived (its body was being read, or its afterResponse hooks ran).
 */
export function recordCutShort(response: Response, request: unknown, reason: unknown): void {
  const cut = { response, reason };
  if (request instanceof Request) cutShort.set(request, cut);
  if (typeof reason === 'object' && reason !== null) cutShort.set(reason, cut);
}

/**
 * The `requestId` and `rateLimit` of the response that was cut short when `key` (an attempt's
 * Request, or the reason of the signal that aborted it) aborted; with `reason`, only when the
 * abort for that reason cut it short. Empty when no response had arrived.
 */
export function cutShortFacts(key: unknown, reason?: unknown): AnsweredFacts {
  const cut = typeof key === 'object' && key !== null ? cutShort.get(key) : undefined;
  if (cut === undefined || (reason !== undefined && cut.reason !== reason)) return {};
  return answeredFacts(cut.response);
}

// Built only when it is thrown: per call, the arguments are cheaper than a closure.
function tooLarge(
  input: Request | URL | string,
  init: RequestInit | undefined,
  response: Response,
  maxBytes: number,
): ResponseTooLargeError {
  return new ResponseTooLargeError({ ...exchangeOf(input, init, response), maxBytes });
}

// Codes of Node's zlib errors, which undici's fetch decodes bodies with: zlib's own (gzip,
// deflate: `Z_DATA_ERROR`, `Z_BUF_ERROR` …), brotli's (`ERR__ERROR_FORMAT_PADDING_1` …) and
// zstd's (`ZSTD_error_…`). A dropped connection is undici's `UND_ERR_…` or a system code.
const DECODER_CODE = /^(?:Z_[A-Z_]+|ERR__ERROR_[A-Z0-9_]+|ERR_BROTLI_[A-Z0-9_]+|ZSTD_error_\w+)$/;

/**
 * The decoder's error when a body read failed because the bytes are not in the encoding the
 * response named: undici ends the body with `TypeError: terminated` whose `cause` is the
 * zlib error (a dropped connection's cause is a socket error instead).
 */
function decoderError(error: unknown): Error | undefined {
  let current = error;
  // A few levels: undici wraps the decoder's error once.
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const { code, errno } = current as { code?: unknown; errno?: unknown };
    if (typeof code === 'string' && typeof errno === 'number' && DECODER_CODE.test(code)) {
      return current;
    }
    current = current.cause;
  }
  return undefined;
}

// Built only when it is thrown.
function undecodable(
  input: Request | URL | string,
  init: RequestInit | undefined,
  response: Response,
  contentEncoding: string,
  cause: Error,
): ResponseDecodeError {
  return new ResponseDecodeError({
    ...exchangeOf(input, init, response),
    status: response.status,
    contentEncoding,
    cause,
  });
}

async function readAll(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  signal: AbortSignal | null | undefined,
  tooLargeError: () => Error,
  input: Request | URL | string,
  response: Response,
): Promise<Uint8Array> {
  const reader = body.getReader();
  // A fetch that ignores the signal once the headers are in (an in-process one) is stopped here.
  const onAbort = () => {
    const reason: unknown = signal?.reason;
    recordCutShort(response, input, reason);
    void reader.cancel(reason).catch(() => undefined);
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        void reader.cancel().catch(() => undefined);
        throw tooLargeError();
      }
      chunks.push(value);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  // A cancelled read ends as `done`: never hand on a truncated body as a whole one.
  signal?.throwIfAborted();
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * Wraps `fetch` (default: the global one, looked up per call so interceptors apply) so each
 * response is read whole before it is returned (read it with {@link bodyText}), and fails
 * with {@link ResponseTooLargeError} once the body passes `maxBytes`.
 */
export function boundedFetch(fetch: FetchFunction | undefined, maxBytes: number): FetchFunction {
  return async (input, init) => {
    const response = await (fetch ?? globalThis.fetch)(input, init);
    const body = response.body;
    if (body === null) return response;
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > maxBytes) {
      void body.cancel().catch(() => undefined);
      throw tooLarge(input, init, response, maxBytes);
    }
    const signal = signalOf(input, init);
    let bytes: Uint8Array;
    try {
      bytes = await readAll(
        body,
        maxBytes,
        signal,
        () => tooLarge(input, init, response, maxBytes),
        input,
        response,
      );
    } catch (error) {
      // Bytes that are not in the encoding the response names would come again: a typed,
      // final error instead of a dropped connection that is retried.
      const contentEncoding = response.headers.get('content-encoding');
      const decoder = contentEncoding === null ? undefined : decoderError(error);
      if (contentEncoding === null || decoder === undefined) throw error;
      throw undecodable(input, init, response, contentEncoding, decoder);
    }
    bodies.set(response, bytes);
    return response;
  };
}
