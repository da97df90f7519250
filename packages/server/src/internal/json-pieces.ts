// A JSON text in pieces, written one after another and never joined (a 60 MB state joined
// is one more copy of it): each piece is text, text already encoded as UTF-8, or either one
// made when first read (`DeferredPiece`). A table keeps its full blocks of records encoded
// between compactions, so writing the state again encodes only what changed (encoding was
// most of a compaction's CPU). The server core also runs in browsers (msw's service
// worker): Buffer only where Node has it.
import { utf8Bytes } from './json-size';

/**
 * A piece made when it is first read, not when the pieces are gathered: a compaction gathers
 * the state inside the gate, where every request waits, and reads it after the gate, a slice
 * at a time (serializing the records new since the last compaction inside the gate stalled
 * every request 14 ms at 4 MB of snapshot and 2.9 s at 700 MB). What it is made of must not
 * change meanwhile: records and stored answers are replaced, never changed in place.
 */
export class DeferredPiece {
  #make: (() => string | Uint8Array) | undefined;
  #made: string | Uint8Array = '';

  constructor(make: () => string | Uint8Array) {
    this.#make = make;
  }

  /** The piece, made on the first call (and what it was made of let go). */
  value(): string | Uint8Array {
    if (this.#make !== undefined) {
      this.#made = this.#make();
      this.#make = undefined;
    }
    return this.#made;
  }
}

/** A piece of a JSON text: the text, its UTF-8 bytes, or either made when first read. */
export type JsonPiece = string | Uint8Array | DeferredPiece;

const made = (piece: JsonPiece): string | Uint8Array =>
  piece instanceof DeferredPiece ? piece.value() : piece;

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
  for (const piece of pieces) {
    const value = made(piece);
    bytes += typeof value === 'string' ? utf8Bytes(value) : value.length;
  }
  return bytes;
}

/** The pieces joined as text. */
export function piecesText(pieces: readonly JsonPiece[]): string {
  return pieces
    .map((piece) => {
      const value = made(piece);
      return typeof value === 'string' ? value : decoder.decode(value);
    })
    .join('');
}

/** A piece as UTF-8 bytes (encoded when it is text). */
export function pieceBytes(piece: JsonPiece): Uint8Array {
  const value = made(piece);
  return typeof value === 'string' ? utf8(value) : value;
}
