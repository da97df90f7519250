// A JSON text in pieces, written one after another and never joined (a 60 MB state joined
// is one more copy of it): each piece is text, or text already encoded as UTF-8. A table
// keeps its full blocks of records encoded between compactions, so writing the state again
// encodes only what changed (encoding was most of a compaction's CPU). The server core also
// runs in browsers (msw's service worker): Buffer only where Node has it.
import { utf8Bytes } from './json-size';

/** A piece of a JSON text: the text, or its UTF-8 bytes. */
export type JsonPiece = string | Uint8Array;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * UTF-8 bytes of `text`. Node's Buffer takes short texts from a shared pool (one allocation
 * per 8 KiB, not per entry) and encodes faster than TextEncoder.
 */
export const utf8: (text: string) => Uint8Array =
  typeof Buffer === 'function' ? (text) => Buffer.from(text) : (text) => encoder.encode(text);

/** UTF-8 bytes of the pieces joined. */
export function piecesBytes(pieces: Iterable<JsonPiece>): number {
  let bytes = 0;
  for (const piece of pieces) bytes += typeof piece === 'string' ? utf8Bytes(piece) : piece.length;
  return bytes;
}

/** The pieces joined as text. */
export function piecesText(pieces: readonly JsonPiece[]): string {
  return pieces
    .map((piece) => (typeof piece === 'string' ? piece : decoder.decode(piece)))
    .join('');
}

/** A piece as UTF-8 bytes (encoded when it is text). */
export const pieceBytes = (piece: JsonPiece): Uint8Array =>
  typeof piece === 'string' ? utf8(piece) : piece;
