import { bodyBytes } from './bounded-fetch';

/**
 * Bytes of a body an error keeps as its `body` (an API error's, a `ResponseValidationError`'s):
 * the API's `{error}` bodies are a few hundred bytes, a gateway's page or a body off the
 * contract may be as large as `maxResponseBytes`.
 */
export const KEPT_ERROR_BODY_BYTES = 64 * 1024;

/** An error response's body: what its codes are read from, and what an error keeps of it. */
export interface ErrorBody {
  /** The whole body parsed as JSON, or undefined when it is not JSON (or could not be read). */
  readonly json: unknown;
  /**
   * What the error keeps: the parsed JSON or the text, or the text of the first
   * {@link KEPT_ERROR_BODY_BYTES} bytes of a longer body (a character cut there left out).
   */
  readonly kept: unknown;
  /** Whether `kept` is the start of a longer body. */
  readonly truncated: boolean;
}

// An error body may be read twice: once to decide on a retry (409 in use) and once to
// build the typed error. A Response body can be read only once, so reads are memoized.
const bodies = new WeakMap<Response, Promise<ErrorBody>>();

const UNREAD: ErrorBody = { json: undefined, kept: undefined, truncated: false };

async function read(response: Response): Promise<ErrorBody> {
  let bytes: Uint8Array;
  try {
    bytes = await bodyBytes(response);
  } catch {
    return UNREAD;
  }
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { json, ...keptBody(bytes, json === undefined ? text : json) };
}

/**
 * What an error keeps of a body whose bytes are `bytes`: `whole` (its parsed JSON or its
 * text) when it is at most {@link KEPT_ERROR_BODY_BYTES}, else the text of its first
 * {@link KEPT_ERROR_BODY_BYTES} bytes, `truncated` (a character the cut splits left out), so
 * that an error caught and kept does not keep a body of many MB alive.
 */
export function keptBody(
  bytes: Uint8Array,
  whole: unknown,
): { readonly kept: unknown; readonly truncated: boolean } {
  if (bytes.byteLength <= KEPT_ERROR_BODY_BYTES) return { kept: whole, truncated: false };
  // `stream` leaves out a character the cut splits instead of ending on U+FFFD.
  const start = new TextDecoder().decode(bytes.subarray(0, KEPT_ERROR_BODY_BYTES), {
    stream: true,
  });
  return { kept: start, truncated: true };
}

/** The body of an error response, read once however often it is asked for. */
export function readErrorBody(response: Response): Promise<ErrorBody> {
  let body = bodies.get(response);
  if (!body) {
    body = read(response);
    bodies.set(response, body);
  }
  return body;
}

/** The `error` code of a parsed error body, when it has one. */
export function errorCode(body: unknown): string | undefined {
  const value = (body as { error?: unknown } | null)?.error;
  return typeof body === 'object' && typeof value === 'string' ? value : undefined;
}
