// One reading of a request body's bytes for both transports (node:http and WHATWG/msw), so
// they cannot drift apart again. JSON exchanged between systems must be UTF-8 (RFC 8259
// section 8.1); TextDecoder, not Buffer: the msw transport runs in browsers too.
//
// A leading byte order mark is kept as U+FEFF (`ignoreBOM: true` means "do not strip it"),
// so `JSON.parse` refuses the body (400 `invalid_json`). RFC 8259 says senders MUST NOT add
// one and parsers MAY ignore it; node:http always answered it 400 while msw's default
// TextDecoder stripped it and took the body. The stricter node:http answer is the one kept,
// for both: a client that adds a BOM breaks the RFC and hears about it from the reference.
// A body of nothing but a BOM counts as blank (`hasBodyText` trims U+FEFF), as before.
import type { ApiRequest } from './api-request';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

/** A request body as text, and whether its bytes were not UTF-8 (only set when they were not). */
export interface BodyText {
  readonly body: string;
  /**
   * The bytes were not UTF-8: `body` holds them with U+FFFD in place of each bad sequence,
   * for the request journal only; the body itself is refused like malformed JSON.
   */
  readonly notUtf8?: true;
}

/** Decodes a whole body's bytes (never a chunk of one: a character may span two chunks). */
export function bodyTextOf(bytes: Uint8Array): BodyText {
  try {
    return { body: strict.decode(bytes) };
  } catch {
    return { body: lossy.decode(bytes), notUtf8: true };
  }
}

/**
 * The JSON value of a request's body text (checked with `hasBodyText` first). Throws a
 * SyntaxError when the text is not JSON, or when the bytes it came from were not UTF-8:
 * both are answered 400 `invalid_json`, never taken with replacement characters in them.
 */
export function parseJsonBody(request: Pick<ApiRequest, 'body' | 'bodyNotUtf8'>): unknown {
  if (request.bodyNotUtf8 === true) throw new SyntaxError('The body is not UTF-8');
  return JSON.parse(request.body ?? '');
}
