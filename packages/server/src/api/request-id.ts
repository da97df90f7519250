import { randomBytes } from '../internal/crypto';
import type { ApiRequest } from './api-request';
import type { RequestHandler } from './request-handler';

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

/** A fresh request id, `req_` + 24 random characters of [A-Za-z0-9]. */
export function newRequestId(): string {
  let id = 'req_';
  while (id.length < ID_CHARS + 4) {
    // 248 = 4 * 62: rejecting the bytes above keeps every character equally likely.
    const byte = randomByte();
    if (byte < 248) id += ALPHABET[byte % 62];
  }
  return id;
}

// The id travels beside the request rather than on it, so the transports that build
// requests (node:http, WHATWG) need not know about it.
const ids = new WeakMap<ApiRequest, string>();

/** The id {@link withRequestId} gave a request (a fresh one when it has none). */
export function requestIdOf(request: ApiRequest): string {
  let id = ids.get(request);
  if (id === undefined) {
    id = newRequestId();
    ids.set(request, id);
  }
  return id;
}

/** Gives every request an id and answers it in the `Request-Id` header of every response. */
export function withRequestId(handle: RequestHandler): RequestHandler {
  return async (request) => {
    const id = requestIdOf(request);
    const response = await handle(request);
    response.headers['request-id'] = id;
    return response;
  };
}
