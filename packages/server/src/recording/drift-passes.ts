import { randomBytes } from 'node:crypto';
import { type FileHandle, open, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bodyText,
  openRecording,
  type RecordedExchange,
  RecordingError,
  type RecordingSource,
  readRecording,
  recordedJson,
  type SkippedLine,
  type UnreadableRest,
} from './recording-format';
import {
  type RecordedScenario,
  scenarioFromExchanges,
  scenarioFromStream,
} from './scenario-from-recording';

// What `drift`'s passes read of a recording: the scenario is built from it, then it is
// replayed once or more. A small recording is read and parsed once and held for every pass;
// a large one is read again, line by line, by each pass, as before: held, a 100 MB
// recording would take some 300 MB (its exchanges and their answers parsed), where streamed
// it takes the memory of its longest line. Each pass parses an answer's JSON once; held, the
// replays share theirs, the scenario keeps its own: records it takes from the answers go
// into the scenario the replay's server loads, and the comparison must see them as recorded.
// A pipe (`drift -` or `drift /dev/stdin` fed by zcat, a FIFO, a process substitution) can be read only
// once: it is spooled to a file of its own first, which every pass then reads (see
// {@link spooled}). A pass that reads another number of exchanges than the first (a file
// written to while drift reads it) fails: its report would compare what the scenario never saw.

/**
 * Most bytes of a recording held for all of drift's passes (1 MiB). Held, a recording takes
 * about two and a half times its bytes once parsed, and its answers' JSON about as much as
 * its bytes again: a few MB at most, no more than a pass that streams it holds at its peak
 * (a MiB of the file read at a time, its text, the line being parsed). A recording of 1 MiB
 * of reads peaked at 19 MB of heap held, 23-29 MB read again by each pass.
 */
const HELD_RECORDING_BYTES = 1024 * 1024;

/**
 * Most bytes of a pipe drift spools to a file (1 GiB), where the system keeps its temporary
 * files (a tmpfs /tmp takes memory): past it, it refuses the pipe, and says to save it first.
 */
const SPOOLED_RECORDING_BYTES = 1024 * 1024 * 1024;

/**
 * A recorded exchange as drift's replays read it: its answer's text ({@link bodyText}: a
 * compressed body is decompressed) and JSON, worked out the first time a replay needs them
 * and kept for every later read, by this replay or the next. Nothing a replay does with
 * them changes them: the comparison and the clock only read.
 */
export class DriftExchange {
  #text: { value: string | undefined } | undefined;
  #json: { value: unknown } | undefined;

  constructor(readonly exchange: RecordedExchange) {}

  /** The answer's text; undefined when absent, cut, left out or unreadable (see {@link bodyText}). */
  get text(): string | undefined {
    this.#text ??= { value: bodyText(this.exchange.response) };
    return this.#text.value;
  }

  /** The answer's JSON; undefined when it has none. */
  get json(): unknown {
    this.#json ??= { value: parseJson(this.text) };
    return this.#json.value;
  }
}

/** The JSON of `text`; undefined when there is none (no text, empty, not JSON, too deep). */
export function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  return recordedJson(text);
}

/** A recording as drift's passes read it (see the module comment). */
export interface DriftPasses {
  /** The scenario of the account before the recording (`scenarioFromRecording`). */
  scenario(): Promise<RecordedScenario>;
  /**
   * The exchanges of one replay, in order; the lines that are not exchanges go to `onSkip`
   * (the first `keptSkipped` of them when the recording is held).
   */
  exchanges(onSkip: (skipped: SkippedLine) => void): AsyncIterable<DriftExchange>;
  /**
   * Where the recording's gzip data broke off, once the scenario's pass read it; the
   * exchanges of every pass are those before it.
   */
  unreadableRest(): UnreadableRest | undefined;
  /** Lets go of what the passes read from (a pipe's spooled file). */
  close(): Promise<void>;
}

/**
 * Reads `file` for drift's passes; lines skipped are kept up to `keptSkipped`, all a report
 * shows. A pipe is spooled first, up to `spoolBytes` ({@link SPOOLED_RECORDING_BYTES}).
 */
export async function driftPasses(
  file: string,
  keptSkipped: number,
  spoolBytes = SPOOLED_RECORDING_BYTES,
): Promise<DriftPasses> {
  const stats = await stat(file).catch(() => undefined);
  // Standard input, or not a file nor a directory (which each pass then fails to read, and
  // says so): a pipe.
  const pipe = file === '-' || (stats !== undefined && !stats.isFile() && !stats.isDirectory());
  const spool = pipe ? await spooled(file, spoolBytes) : undefined;
  const source: RecordingSource = spool ?? file;
  const held = await heldRecording(source, spool?.size ?? stats?.size, keptSkipped);
  if (held === undefined) {
    /** Exchanges the scenario's pass read: every replay must read as many. */
    let read: number | undefined;
    let unreadable: UnreadableRest | undefined;
    return {
      scenario: () =>
        scenarioFromStream(
          counted(
            readRecording(source, undefined, undefined, (rest) => {
              unreadable = rest;
            }),
            (exchanges) => {
              read = exchanges;
            },
          ),
        ),
      exchanges: (onSkip) =>
        counted(streamed(source, onSkip), (exchanges) => {
          if (read !== undefined && exchanges !== read) {
            throw new RecordingError(
              `recording ${file} changed while drift read it (${read} exchanges, then ${exchanges}): drift a copy that nothing writes to`,
            );
          }
        }),
      unreadableRest: () => unreadable,
      close: async () => spool?.close(),
    };
  }
  await spool?.close();
  const exchanges = held.exchanges.map((exchange) => new DriftExchange(exchange));
  return {
    scenario: async () => scenarioFromExchanges(held.exchanges),
    async *exchanges(onSkip) {
      for (const line of held.skipped) onSkip(line);
      yield* exchanges;
    },
    unreadableRest: () => held.unreadable,
    close: async () => {},
  };
}

/** The items of `items`, then how many there were, to `onEnd` (which may throw) once all were read. */
async function* counted<T>(
  items: AsyncIterable<T>,
  onEnd: (count: number) => void,
): AsyncGenerator<T> {
  let count = 0;
  for await (const item of items) {
    count++;
    yield item;
  }
  onEnd(count);
}

async function* streamed(
  source: RecordingSource,
  onSkip: (skipped: SkippedLine) => void,
): AsyncGenerator<DriftExchange> {
  // Where the gzip data breaks off, the scenario's pass found it and the report says it.
  for await (const exchange of readRecording(source, onSkip, undefined, () => {}))
    yield new DriftExchange(exchange);
}

/**
 * The pipe `file` read to its end into a file of its own in the system's temporary folder
 * (mode 0600), and its size; `close` lets go of it. The file is unlinked as soon as it is
 * made: it lives as long as it is open, and whatever ends drift (a Ctrl-C, a crash) leaves
 * nothing behind. Past `limit` bytes, or when the folder takes no more, the pipe is refused
 * in one line: save it to a file and drift that.
 */
async function spooled(
  file: string,
  limit: number,
): Promise<{ name: string; handle: FileHandle; size: number; close: () => Promise<void> }> {
  const saveIt = 'save the recording to a file and drift that';
  const path = join(tmpdir(), `ref-server-drift-${randomBytes(8).toString('hex')}.jsonl`);
  const handle = await open(path, 'wx+', 0o600).catch((error: NodeJS.ErrnoException) => {
    throw new RecordingError(
      `cannot spool recording ${file} (a pipe, which drift reads more than once) in ${tmpdir()}: ${error.code ?? 'error'}; ${saveIt}`,
    );
  });
  // Where a file cannot go while open (it can on Linux, macOS and Windows), it goes at close.
  const unlinked = await unlink(path).then(
    () => true,
    () => false,
  );
  const close = async () => {
    await handle.close().catch(() => {});
    if (!unlinked) await unlink(path).catch(() => {});
  };
  let size = 0;
  try {
    for await (const chunk of await openRecording(file, HELD_RECORDING_BYTES)) {
      size += (chunk as Buffer).length;
      if (size > limit) {
        throw new RecordingError(
          `recording ${file} is a pipe of more than ${limit / 1024 / 1024} MiB, more than drift spools to read it more than once: ${saveIt}`,
        );
      }
      await handle.writeFile(chunk as Buffer).catch((error: NodeJS.ErrnoException) => {
        throw new RecordingError(
          `cannot spool recording ${file} (a pipe, which drift reads more than once) in ${tmpdir()}: ${error.code ?? 'error'}; ${saveIt}`,
        );
      });
    }
  } catch (error) {
    await close();
    if (error instanceof RecordingError) throw error;
    throw new RecordingError(
      `cannot read recording ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  return { name: file, handle, size, close };
}

/**
 * The exchanges and (the first `keptSkipped`) skipped lines of `source` when it holds at
 * most {@link HELD_RECORDING_BYTES} (`size`, undefined when unknown); undefined past that,
 * or when it cannot be read (each pass then reads it, and says why it cannot). A file that
 * grows past it while read (a recording under way), or gzip data that expands past it, is
 * given up as soon as it does. Where gzip data broke off comes with them.
 */
async function heldRecording(
  source: RecordingSource,
  size: number | undefined,
  keptSkipped: number,
): Promise<
  { exchanges: RecordedExchange[]; skipped: SkippedLine[]; unreadable?: UnreadableRest } | undefined
> {
  if (size === undefined || size > HELD_RECORDING_BYTES) return undefined;
  const exchanges: RecordedExchange[] = [];
  const skipped: SkippedLine[] = [];
  let unreadable: UnreadableRest | undefined;
  let chars = 0;
  try {
    for await (const exchange of readRecording(
      source,
      (line) => {
        if (skipped.length < keptSkipped) skipped.push(line);
      },
      (lineChars) => {
        chars += lineChars;
        // Gzip data may expand far past its size: given up as soon as it does, unread.
        if (chars > HELD_RECORDING_BYTES) throw new Error('past what drift holds');
      },
      (rest) => {
        unreadable = rest;
      },
    )) {
      exchanges.push(exchange);
    }
  } catch {
    return undefined;
  }
  return { exchanges, skipped, ...(unreadable === undefined ? {} : { unreadable }) };
}
