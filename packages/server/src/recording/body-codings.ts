import * as zlib from 'node:zlib';
import { codingsOf } from '../api/content-type';

// The content codings of a recorded body, undone: by the recorder, to look for credentials
// in what a compressed body says, and by the readers, to read it back. `Content-Encoding`
// lists the codings in the order they were applied, any case (`GZIP, identity`, `gzip, gzip`).

type Decoder = (bytes: Buffer, options: { maxOutputLength: number }) => Buffer;

// zstd came to Node's zlib in 22.15; the floor is 22.12, where a zstd body stays unread.
const zstd = 'zstdDecompressSync' in zlib ? (zlib.zstdDecompressSync as Decoder) : undefined;

/** The codings Node's zlib undoes. `deflate` is meant zlib-wrapped; some servers send it raw. */
const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  deflate: (bytes, options) => {
    try {
      return zlib.inflateSync(bytes, options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw error;
      return zlib.inflateRawSync(bytes, options);
    }
  },
  br: zlib.brotliDecompressSync,
  ...(zstd === undefined ? {} : { zstd }),
};

/**
 * The bytes of a body with its content codings undone, at most `maxBytes` of them; or why
 * they cannot be: a coding this Node cannot undo, bytes not in it, or more than `maxBytes`.
 */
export function decodeBody(
  bytes: Buffer,
  contentEncoding: string | undefined,
  maxBytes: number,
): { bytes: Buffer } | { failed: string } {
  let out = bytes;
  for (const coding of codingsOf(contentEncoding).reverse()) {
    const decode = DECODERS[coding];
    if (decode === undefined) {
      return { failed: `it is encoded ${coding}, which this Node's zlib does not decode` };
    }
    try {
      out = decode(out, { maxOutputLength: maxBytes });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        return { failed: `it decodes past ${maxBytes / (1024 * 1024)} MiB` };
      }
      return { failed: `it is not valid ${coding}` };
    }
  }
  return { bytes: out };
}
