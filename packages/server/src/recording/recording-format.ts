import { createReadStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { amountToCents, REDACTED } from '@refapi/schema';
import { z } from 'zod';
import { type RouteMatch, RouteTable } from '../api/route-table';
import { decodeBody } from './body-codings';

// One line of a recording file (`ref-server record`): one exchange through the proxy.
// The reader streams the file line by line, so a recording of any size is read in the
// memory of its longest line (bodies are capped at RECORDED_BODY_BYTES when written). A
// recording compressed with gzip (`gzip rec.jsonl`) is decompressed as it is read, its
// lines held to the same cap.

/** Bytes of each request or response body a recording keeps (1 MiB); the rest is counted, not kept. */
export const RECORDED_BODY_BYTES = 1024 * 1024;

/** Longest line the reader accepts: two bodies of {@link MAX_BODY_CHARS}, headers, and room to spare. */
const MAX_LINE_CHARS = 8 * RECORDED_BODY_BYTES;

/**
 * Most characters of JSON one recorded body takes on its line (3 MiB), so that no line the
 * writer makes is past {@link MAX_LINE_CHARS}: text that escapes past it (1 MiB of control
 * characters is 6 MiB as `\u0000`) is kept as base64, and base64 past it is cut, marked.
 */
const MAX_BODY_CHARS = 3 * RECORDED_BODY_BYTES;

const RecordedMessage = z.object({
  headers: z.record(z.string(), z.string()),
  /** The body as text (`utf8`) or bytes (`base64`, when it is not UTF-8 or is encoded); null when empty. */
  body: z.string().nullable(),
  body_encoding: z.enum(['utf8', 'base64']),
  /** The body's whole length in bytes, kept or not. */
  body_bytes: z.int().min(0),
  /** Only the first RECORDED_BODY_BYTES were kept (none when `body_omitted`). */
  body_truncated: z.boolean(),
  /**
   * Why the body was left out (`body` null, `body_truncated` true): the recorder could not
   * check it for credentials (a coding it cannot decode, past the cap once decoded).
   */
  body_omitted: z.string().optional(),
});

/** One exchange of a recording. */
export const RecordedExchange = z.object({
  v: z.literal(1),
  seq: z.int().min(1),
  /** When the proxy received the request (its own clock). */
  time: z.iso.datetime({ offset: true }),
  method: z.string(),
  /** The path as sent, `/v1/…`. */
  path: z.string(),
  /** The raw query without `?`, credentials redacted; empty when none. */
  query: z.string(),
  /** The contract operation the method and path name; null for others. */
  operation: z.string().nullable(),
  status: z.int(),
  duration_ms: z.number().min(0),
  request: RecordedMessage,
  response: RecordedMessage,
  /**
   * The request's `Idempotency-Key`, which its headers show redacted (the journal's rule
   * names every header with "key"): kept here, as the journal keeps it beside its headers,
   * so `drift` sends it again and `scenario --from-recording` keys stored answers by it.
   */
  idempotency_key: z.string().optional(),
  /**
   * The recorder stopped before the exchange ended (SIGINT/SIGTERM after its grace): what
   * came through is kept, and `drift` cannot verify it.
   */
  cut: z.boolean().optional(),
});

/** What stands for a redacted credential in an Idempotency-Key sent again. */
const REDACTED_KEY_PART = '_redacted_';

/**
 * The Idempotency-Key a recorded request carried: its own field, or (a recording made before
 * the header was redacted) the header itself.
 */
export function idempotencyKeyOf(exchange: RecordedExchange): string | undefined {
  if (exchange.idempotency_key !== undefined) {
    // A key that was (or held) a credential of the session is kept redacted, and `[redacted]`
    // is no Idempotency-Key (its pattern has no brackets: the replay's write was refused
    // 400). The same key stays the same key, so a retry still replays as it did.
    return exchange.idempotency_key.replaceAll(REDACTED, REDACTED_KEY_PART);
  }
  const header = exchange.request.headers['idempotency-key'];
  return header === undefined || header === REDACTED ? undefined : header;
}

/** One exchange of a recording. */
export type RecordedExchange = z.infer<typeof RecordedExchange>;
/** A request or response of a recorded exchange. */
export type RecordedMessage = z.infer<typeof RecordedMessage>;

/** A recording file could not be read; the message names the file and line. */
export class RecordingError extends Error {
  override name = 'RecordingError';
}

/** JSON nesting a recording line may have: deeper lines are refused before they are parsed. */
const MAX_NESTING = 256;

/** Whether `line` nests arrays and objects deeper than `max` (strings skipped). */
function nestsDeeper(line: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    if (inString) {
      if (code === 92)
        i++; // a backslash escapes the next character
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) {
      if (++depth > max) return true;
    } else if (code === 125 || code === 93) depth--;
  }
  return false;
}

/** A line of a recording that was not an exchange: its number and why. */
export interface SkippedLine {
  readonly line: number;
  readonly reason: string;
}

/**
 * Where a recording's gzip data broke off (truncated, corrupt): the lines before it were
 * read, the rest cannot be.
 */
export interface UnreadableRest {
  /** The lines read whole before it (0: none). */
  readonly after_line: number;
  /** What is wrong with the gzip data, in words. */
  readonly reason: string;
}

/**
 * The line that says where and why a recording's gzip data broke off (see
 * {@link UnreadableRest}); `file` as the user named it.
 */
export const unreadableRestLine = (file: string, rest: UnreadableRest): string =>
  `cannot read recording ${file} ${rest.after_line > 0 ? `past line ${rest.after_line}` : 'from its start'}: ${rest.reason}`;

/**
 * The exchanges of a recording ({@link RecordingSource}) in order, read line by line (never
 * the whole file), gzip data decompressed as it comes. A line that is not a recorded exchange
 * (not JSON, nested past {@link MAX_NESTING}, too long, another shape) is passed to `onSkip`
 * with its number and skipped; only a file that cannot be read at all throws. `onLine` is
 * given the characters of each line as it is read, one more for its line end (of blank lines
 * in a row, their sum at once). Gzip data that breaks off ends the exchanges there, the line
 * it cut short dropped, and goes to `onUnreadableRest`; without one, it throws as a file that
 * cannot be read.
 */
export async function* readRecording(
  source: RecordingSource,
  onSkip: (skipped: SkippedLine) => void = () => {},
  onLine: (chars: number) => void = () => {},
  onUnreadableRest?: (rest: UnreadableRest) => void,
): AsyncGenerator<RecordedExchange> {
  const file = typeof source === 'string' ? source : source.name;
  const input = decompressed(
    typeof source === 'string'
      ? await openRecording(file, READ_CHUNK_BYTES)
      : chunksOf(source.handle),
  );
  let number = 0;
  try {
    for await (const line of linesOf(input)) {
      if (line !== null && typeof line !== 'string') {
        number += line.blank;
        onLine(line.chars);
        continue;
      }
      number++;
      onLine((line?.length ?? MAX_LINE_CHARS) + 1);
      if (line === null) {
        onSkip({ line: number, reason: `longer than ${MAX_LINE_CHARS} characters` });
        continue;
      }
      if (line.trim() === '') continue;
      if (nestsDeeper(line, MAX_NESTING)) {
        onSkip({ line: number, reason: `JSON nested deeper than ${MAX_NESTING}` });
        continue;
      }
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        onSkip({ line: number, reason: 'not a JSON line' });
        continue;
      }
      const parsed = RecordedExchange.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        onSkip({
          line: number,
          reason: `not a recorded exchange (${issue?.path.join('.') || '(root)'}: ${issue?.message})`,
        });
        continue;
      }
      yield parsed.data;
    }
  } catch (error) {
    if (error instanceof RecordingError) throw error;
    if (error instanceof BrokenGzip) {
      const rest = { after_line: number, reason: error.message };
      if (onUnreadableRest === undefined) throw new RecordingError(unreadableRestLine(file, rest));
      onUnreadableRest(rest);
      return;
    }
    throw new RecordingError(
      `cannot read recording ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  } finally {
    input.destroy?.();
  }
}

/** The bytes of a recording as read from its start: a file's, a pipe's, standard input's. */
export type RecordingBytes = AsyncIterable<Buffer> & { destroy?: () => void };

/**
 * The recording `file`, opened for reading; a file that cannot be opened throws a
 * {@link RecordingError} naming it. `-` is standard input, and so is `/dev/stdin` where it
 * cannot be opened again by name: a child of a Node process (execa, zx, a test runner) has a
 * socket there, which Linux does not reopen (ENXIO).
 */
export async function openRecording(file: string, highWaterMark: number): Promise<RecordingBytes> {
  if (file === '-') return process.stdin;
  const stream = createReadStream(file, { highWaterMark });
  try {
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENXIO' && STANDARD_INPUT_NAMES.has(file)) return process.stdin;
    throw new RecordingError(`cannot read recording ${file}: ${code ?? 'error'}`);
  }
  return stream;
}

/** Names of this process's own standard input. */
const STANDARD_INPUT_NAMES = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** Bytes read from a recording at a time. */
const READ_CHUNK_BYTES = 1024 * 1024;

/**
 * A recording to read: its path, or an open file read from its start each time (a pipe
 * `drift` spooled, whose file has no name left), with the name its messages give.
 */
export type RecordingSource = string | { readonly name: string; readonly handle: FileHandle };

/** The bytes of `handle` from its start, a chunk at a time; the file stays open. */
async function* chunksOf(handle: FileHandle): AsyncGenerator<Buffer> {
  for (let position = 0; ; ) {
    const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** The first bytes of gzip data (RFC 1952): `gzip`, `pigz` and log tools write them. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** Gzip data that breaks off: the message says why, in words. */
class BrokenGzip extends Error {
  override name = 'BrokenGzip';
}

/**
 * `input` as it is, or decompressed as it comes when it starts with {@link GZIP_MAGIC}
 * (one gzip member or several, as `cat a.gz b.gz` makes): never more of it than zlib's
 * buffer and the chunk being read is held, however much it expands (what reads it holds a
 * line to its cap). Gzip data that breaks off throws a {@link BrokenGzip} once all that was
 * decompressed before it came through, but for what zlib made in the call that failed (at
 * most its 16 KiB chunk), which it drops. A smaller `chunkSize` narrows that loss but does
 * not end it, at a cost (1 KiB: 4 times slower, 64 bytes, zlib's least: 50 times); a
 * `finishFlush` of `Z_SYNC_FLUSH` recovers nothing more and reads truncated data as whole.
 */
function decompressed(input: RecordingBytes): RecordingBytes {
  let gunzip: ReturnType<typeof createGunzip> | undefined;
  async function* bytes(): AsyncGenerator<Buffer> {
    const chunks = input[Symbol.asyncIterator]();
    const rest: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => chunks };
    let head = Buffer.alloc(0);
    while (head.length < GZIP_MAGIC.length) {
      const next = await chunks.next();
      if (next.done) {
        if (head.length > 0) yield head;
        return;
      }
      head = Buffer.concat([head, next.value]);
    }
    if (!head.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC)) {
      yield head;
      yield* rest;
      return;
    }
    gunzip = createGunzip();
    yield* gunzipped(gunzip, head, rest);
  }
  return Object.assign(bytes(), {
    destroy: () => {
      gunzip?.destroy();
      input.destroy?.();
    },
  });
}

/** What `gunzip` makes of `head` then `rest`, read as it is needed (see {@link decompressed}). */
async function* gunzipped(
  gunzip: ReturnType<typeof createGunzip>,
  head: Buffer,
  rest: AsyncIterable<Buffer>,
): AsyncGenerator<Buffer> {
  let failure: Error | undefined;
  let ended = false;
  let wake: (() => void) | undefined;
  const woken = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  gunzip
    .on('readable', woken)
    .on('end', () => {
      ended = true;
      woken();
    })
    .on('error', (error) => {
      failure = error;
      woken();
    });
  const feed = async (chunk: Buffer) => {
    if (gunzip.write(chunk)) return;
    await new Promise((resolve) => gunzip.once('drain', resolve).once('close', resolve));
  };
  void (async () => {
    try {
      await feed(head);
      for await (const chunk of rest) {
        if (gunzip.destroyed) return;
        await feed(chunk);
      }
      gunzip.end();
    } catch (error) {
      // The file's own fault (EIO), said as for a file read plain.
      gunzip.destroy(error as Error);
    }
  })();
  for (;;) {
    // What zlib made before it failed is still read: a destroyed stream keeps its buffer.
    const chunk: Buffer | null = gunzip.read();
    if (chunk !== null) {
      yield chunk;
      continue;
    }
    if (failure !== undefined) throw gzipFault(failure);
    if (ended) return;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
}

/** `error` from zlib as a {@link BrokenGzip} saying what is wrong; any other as it is. */
function gzipFault(error: NodeJS.ErrnoException): Error {
  if (error.code === 'Z_BUF_ERROR') {
    return new BrokenGzip(`its gzip data ends early, the file is truncated (${error.message})`);
  }
  if (error.code?.startsWith('Z_')) {
    return new BrokenGzip(`its gzip data is corrupt (${error.message})`);
  }
  return error;
}

/**
 * The UTF-8 byte order mark, decoded: Windows editors and PowerShell's `Out-File` start a
 * file with it.
 */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Whitespace-only lines in a row (what {@link readRecording} skips), read at once: how many,
 * and their characters, one more each for its line end.
 */
interface BlankLines {
  readonly blank: number;
  readonly chars: number;
}

/** Whitespace from `lastIndex` on: `\s` is what `String#trim` takes off a line. */
const WHITESPACE = /\s+/y;

/**
 * The whitespace-only lines of `text` from `start`, a line's start, that end in it (up to one
 * past {@link MAX_LINE_CHARS}, a line of its own), and where they end.
 */
function blankLinesAt(text: string, start: number): BlankLines & { readonly end: number } {
  WHITESPACE.lastIndex = start;
  const stop = WHITESPACE.test(text) ? WHITESPACE.lastIndex : start;
  let blank = 0;
  let chars = 0;
  let end = start;
  for (let at = start; at < stop; at++) {
    if (text.charCodeAt(at) !== 10) continue;
    if (at - end > MAX_LINE_CHARS) break;
    blank++;
    // Its characters as a line is read: a `\r` before its `\n` is its line end.
    chars += at - end + (at > end && text.charCodeAt(at - 1) === 13 ? 0 : 1);
    end = at + 1;
  }
  return { blank, chars, end };
}

/**
 * The lines of a stream, each without its line end (`\n` or `\r\n`); null for a line past
 * {@link MAX_LINE_CHARS}, whose characters are dropped as they come: never more than that
 * much of a line is held, however long it runs, and the lines after it are still read. A
 * byte order mark at the start of the stream (its bytes in one chunk or several) is no
 * character of the first line. Whitespace-only lines in a row in a chunk come as one
 * {@link BlankLines}: a file of millions of blank lines costs a step per chunk, not per line.
 */
async function* linesOf(input: AsyncIterable<Buffer>): AsyncGenerator<string | null | BlankLines> {
  const decoder = new StringDecoder('utf8');
  /** Whether the stream's first character is still to come. */
  let atStart = true;
  const decoded = (text: string) => {
    if (!atStart || text === '') return text;
    atStart = false;
    return text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  };
  let parts: string[] = [];
  let length = 0;
  let overlong = false;
  const take = (piece: string) => {
    if (overlong) return;
    if (length + piece.length > MAX_LINE_CHARS) {
      overlong = true;
      parts = [];
      length = 0;
      return;
    }
    parts.push(piece);
    length += piece.length;
  };
  const end = (): string | null => {
    const line = overlong ? null : parts.join('').replace(/\r$/, '');
    parts = [];
    length = 0;
    overlong = false;
    return line;
  };
  const pieces = function* (text: string): Generator<string | null | BlankLines> {
    let start = 0;
    for (;;) {
      if (length === 0 && !overlong) {
        // Nothing of this line held yet (but empty pieces): its blank run is read at once.
        const { end: after, ...run } = blankLinesAt(text, start);
        if (run.blank > 0) {
          parts = [];
          start = after;
          yield run;
        }
      }
      const at = text.indexOf('\n', start);
      if (at === -1) break;
      take(text.slice(start, at));
      start = at + 1;
      yield end();
    }
    take(text.slice(start));
  };
  for await (const chunk of input) yield* pieces(decoded(decoder.write(chunk)));
  yield* pieces(decoded(decoder.end()));
  if (overlong || length > 0) yield end();
}

/** The line of an exchange in a recording file, its bodies bounded (see {@link MAX_BODY_CHARS}). */
export function recordingLine(exchange: RecordedExchange): string {
  return `${JSON.stringify({
    ...exchange,
    request: boundedBody(exchange.request),
    response: boundedBody(exchange.response),
  })}\n`;
}

function boundedBody(message: RecordedMessage): RecordedMessage {
  let m = message;
  if (m.body === null) return m;
  // At most 6 characters of JSON a character (`\u0000`): only a long body can escape past.
  if (m.body_encoding === 'utf8' && m.body.length * 6 > MAX_BODY_CHARS) {
    if (JSON.stringify(m.body).length <= MAX_BODY_CHARS) return m;
    m = { ...m, body: Buffer.from(m.body, 'utf8').toString('base64'), body_encoding: 'base64' };
  }
  if (m.body === null || m.body.length <= MAX_BODY_CHARS) return m;
  // Still past it (a body grown by redaction): cut as the 1 MiB cap cuts, marked.
  const kept = Buffer.from(m.body, 'base64').subarray(0, (MAX_BODY_CHARS / 4) * 3);
  return { ...m, body: kept.toString('base64'), body_encoding: 'base64', body_truncated: true };
}

/**
 * The bytes of `text` when it is base64 as the recorder writes it (`Buffer#toString`:
 * padded, nothing but its 64 characters, no bits past the last byte); undefined otherwise.
 * Node's decoder skips what is not base64 and stops at the first `=`: a body edited by hand
 * or damaged would be read as other bytes than it says, or none.
 */
function base64Bytes(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
}

/**
 * Whether a recorded body is marked base64 but is not (see {@link base64Bytes}): what it
 * held, the recording cannot show.
 */
export const badBase64 = (message: RecordedMessage): boolean =>
  message.body !== null &&
  message.body_encoding === 'base64' &&
  base64Bytes(message.body) === undefined;

/** Most bytes a recorded compressed body may expand to when it is read back: the recording cap. */
const DECODED_BODY_BYTES = RECORDED_BODY_BYTES;

/**
 * The text of a recorded body: as kept, or with its `Content-Encoding` undone (gzip,
 * deflate, br, zstd where Node has it; stacked, any case); undefined when it is absent, cut
 * at the recording cap or left out, marked base64 but not ({@link badBase64}), binary, or
 * expands past the recording cap (1 MiB).
 */
export function bodyText(message: RecordedMessage): string | undefined {
  if (message.body === null || message.body_truncated) return undefined;
  if (message.body_encoding === 'utf8') return message.body;
  const bytes = base64Bytes(message.body);
  if (bytes === undefined) return undefined;
  const decoded = decodeBody(bytes, message.headers['content-encoding'], DECODED_BODY_BYTES);
  if ('failed' in decoded) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(decoded.bytes);
  } catch {
    return undefined;
  }
}

/** The JSON of a recorded body (see {@link bodyText}), or undefined when there is none. */
export function jsonBody(message: RecordedMessage): unknown {
  return recordedJson(bodyText(message));
}

/**
 * The JSON of a recorded body's `text`; undefined when there is none (no text, not JSON, or
 * nested past {@link MAX_NESTING}, as a line is: what reads it, compares it or prints it
 * walks it with the call stack).
 */
export function recordedJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  // Nesting past the cap takes more brackets than a short text has.
  if (text.length > MAX_NESTING && nestsDeeper(text, MAX_NESTING)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether a value of a recorded JSON body is an object (not an array, not null). */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A recorded money amount in integer cents; undefined when it is not a finite number. */
export const amountCents = (amount: unknown): number | undefined =>
  typeof amount === 'number' && Number.isFinite(amount) ? amountToCents(amount) : undefined;

const routes = new RouteTable();

/** The contract route a recorded method and `/v1/…` path name (`kind: 'operation'` if one). */
export const recordedRoute = (method: string, path: string): RouteMatch =>
  routes.match(method, path.replace(/^\/v1(?=\/)/, ''));
