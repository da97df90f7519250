import { randomBytes } from '../internal/crypto';
import type { ApiResponse, RequestHead, RequestMemo } from './api-request';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_CHARS = 24;
/** The shape of a request id: `req_` and 24 letters or digits. */
export const REQUEST_ID_PATTERN = /^req_[A-Za-z0-9]{24}$/;

// Random bytes are drawn in batches: one getRandomValues call per ~100 ids, not per id.
let pool: Uint8Array = new Uint8Array(0);
let offset = 0;

function randomByte(): number {
  if (offset >= pool.length) {
    pool = randomBytes(4096);
    offset = 0;
  }
  return pool[offset++] as number;
}

// The id's character codes, `req_` first: filled in place, made a string in one call (a
// flat string, not 24 concatenations: every request draws one).
const ALPHABET_CODES = Array.from(ALPHABET, (char) => char.charCodeAt(0));
const idCodes: number[] = Array.from('req_', (char) => char.charCodeAt(0));

/** A fresh request id, `req_` + 24 random characters of [A-Za-z0-9]. */
export function newRequestId(): string {
  let length = 4;
  while (length < ID_CHARS + 4) {
    // 248 = 4 * 62: rejecting the bytes above keeps every character equally likely.
    const byte = randomByte();
    if (byte < 248) idCodes[length++] = ALPHABET_CODES[byte % 62] as number;
  }
  return String.fromCharCode.apply(null, idCodes);
}

/** The request's id (its `Request-Id`), drawn the first time it is asked for. */
export function requestIdOf(request: RequestHead & RequestMemo): string {
  request.id ??= newRequestId();
  return request.id;
}

/** The chain's step that answers every request with its id in the `Request-Id` header. */
export async function requestIdStep(
  request: RequestHead & RequestMemo,
  next: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  const id = requestIdOf(request);
  const response = await next();
  response.headers['request-id'] = id;
  return response;
}
