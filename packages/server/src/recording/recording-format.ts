import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import split2 from 'split2';
import { z } from 'zod';
import { type RouteMatch, RouteTable } from '../api/route-table';
import { decodeBody } from './body-codings';

// One line of a recording file (`ref-server record`): one exchange through the proxy.
// The reader streams the file line by line, so a recording of any size is read in the
// memory of its longest line (bodies are capped at RECORDED_BODY_BYTES when written).

/** Bytes of each request or response body a recording keeps (1 MiB); the rest is counted, not kept. */
export const RECORDED_BODY_BYTES = 1024 * 1024;

/** Longest line the reader accepts: two capped bodies as base64, headers, and room to spare. */
const MAX_LINE_CHARS = 8 * RECORDED_BODY_BYTES;

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
   * The recorder stopped before the exchange ended (SIGINT/SIGTERM after its grace): what
   * came through is kept, and `drift` cannot verify it.
   */
  cut: z.boolean().optional(),
});

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
 * The exchanges of a recording file in order, read line by line (never the whole file). A
 * line that is not a recorded exchange (not JSON, nested past {@link MAX_NESTING}, too long,
 * another shape) is passed to `onSkip` with its number and skipped; only a file that cannot
 * be read at all throws.
 */
export async function* readRecording(
  file: string,
  onSkip: (skipped: SkippedLine) => void = () => {},
): AsyncGenerator<RecordedExchange> {
  const input = createReadStream(file, { highWaterMark: 1024 * 1024 });
  const opened = new Promise<void>((resolve, reject) => {
    input.once('open', () => resolve());
    input.once('error', reject);
  });
  try {
    await opened;
  } catch (error) {
    throw new RecordingError(
      `cannot read recording ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  // split2 rather than readline: it stops at MAX_LINE_CHARS without a line end, where
  // readline would hold a file without one whole before its length could be checked.
  const lines = pipeline(input, split2({ maxLength: MAX_LINE_CHARS }), () => {});
  let number = 0;
  try {
    const iterator = lines[Symbol.asyncIterator]();
    while (true) {
      let next: IteratorResult<string>;
      try {
        next = await iterator.next();
      } catch (error) {
        // split2's error for a line past maxLength: nothing after it can be found reliably.
        if ((error as Error).message === 'maximum buffer reached') {
          onSkip({
            line: number + 1,
            reason: `longer than ${MAX_LINE_CHARS} characters; the rest of the file is not read`,
          });
          return;
        }
        throw new RecordingError(
          `cannot read recording ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
        );
      }
      if (next.done === true) break;
      const line = next.value;
      number++;
      if (line.trim() === '') continue;
      if (line.length > MAX_LINE_CHARS) {
        onSkip({ line: number, reason: `longer than ${MAX_LINE_CHARS} characters` });
        continue;
      }
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
  } finally {
    lines.destroy();
    input.destroy();
  }
}

/** Most bytes a recorded compressed body may expand to when it is read back: the recording cap. */
const DECODED_BODY_BYTES = RECORDED_BODY_BYTES;

/**
 * The text of a recorded body: as kept, or with its `Content-Encoding` undone (gzip,
 * deflate, br, zstd where Node has it; stacked, any case); undefined when it is absent, cut
 * at the recording cap or left out, binary, or expands past the recording cap (1 MiB).
 */
export function bodyText(message: RecordedMessage): string | undefined {
  if (message.body === null || message.body_truncated) return undefined;
  if (message.body_encoding === 'utf8') return message.body;
  const decoded = decodeBody(
    Buffer.from(message.body, 'base64'),
    message.headers['content-encoding'],
    DECODED_BODY_BYTES,
  );
  if ('failed' in decoded) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(decoded.bytes);
  } catch {
    return undefined;
  }
}

/** The JSON of a recorded body (see {@link bodyText}), or undefined when there is none. */
export function jsonBody(message: RecordedMessage): unknown {
  const text = bodyText(message);
  if (text === undefined) return undefined;
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
  typeof amount === 'number' && Number.isFinite(amount) ? Math.round(amount * 100) : undefined;

const routes = new RouteTable();

/** The contract route a recorded method and `/v1/…` path name (`kind: 'operation'` if one). */
export const recordedRoute = (method: string, path: string): RouteMatch =>
  routes.match(method, path.replace(/^\/v1(?=\/)/, ''));
