import { stat } from 'node:fs/promises';
import {
  bodyText,
  type RecordedExchange,
  readRecording,
  type SkippedLine,
} from './recording-format';
import {
  type RecordedScenario,
  scenarioFromExchanges,
  scenarioFromRecording,
} from './scenario-from-recording';

// What `drift`'s passes read of a recording: the scenario is built from it, then it is
// replayed once or more. A small recording is read and parsed once and held for every pass;
// a large one is read again, line by line, by each pass, as before: held, a 100 MB
// recording would take some 300 MB (its exchanges and their answers parsed), where streamed
// it takes the memory of its longest line. Each pass parses an answer's JSON once; held, the
// replays share theirs, the scenario keeps its own: records it takes from the answers go
// into the scenario the replay's server loads, and the comparison must see them as recorded.

/**
 * Most bytes of a recording held for all of drift's passes (1 MiB). Held, a recording takes
 * about two and a half times its bytes once parsed, and its answers' JSON about as much as
 * its bytes again: a few MB at most, no more than a pass that streams it holds at its peak
 * (a MiB of the file read at a time, its text, the line being parsed). A recording of 1 MiB
 * of reads peaked at 19 MB of heap held, 23-29 MB read again by each pass.
 */
const HELD_RECORDING_BYTES = 1024 * 1024;

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

/** The JSON of `text`; undefined when there is none (no text, empty, not JSON). */
export function parseJson(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
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
}

/** Reads `file` for drift's passes; lines skipped are kept up to `keptSkipped`, all a report shows. */
export async function driftPasses(file: string, keptSkipped: number): Promise<DriftPasses> {
  const held = await heldRecording(file, keptSkipped);
  if (held === undefined) {
    return {
      scenario: () => scenarioFromRecording(file),
      exchanges: (onSkip) => streamed(file, onSkip),
    };
  }
  const exchanges = held.exchanges.map((exchange) => new DriftExchange(exchange));
  return {
    scenario: async () => scenarioFromExchanges(held.exchanges),
    async *exchanges(onSkip) {
      for (const line of held.skipped) onSkip(line);
      yield* exchanges;
    },
  };
}

async function* streamed(
  file: string,
  onSkip: (skipped: SkippedLine) => void,
): AsyncGenerator<DriftExchange> {
  for await (const exchange of readRecording(file, onSkip)) yield new DriftExchange(exchange);
}

/**
 * The exchanges and (the first `keptSkipped`) skipped lines of `file` when it holds at most
 * {@link HELD_RECORDING_BYTES}; undefined past that, or when it cannot be read (each pass
 * then reads it, and says why it cannot). A file that grows past it while read (a recording
 * under way, a pipe) is given up as soon as it does.
 */
async function heldRecording(
  file: string,
  keptSkipped: number,
): Promise<{ exchanges: RecordedExchange[]; skipped: SkippedLine[] } | undefined> {
  const size = await stat(file).then(
    (stats) => stats.size,
    () => undefined,
  );
  if (size === undefined || size > HELD_RECORDING_BYTES) return undefined;
  const exchanges: RecordedExchange[] = [];
  const skipped: SkippedLine[] = [];
  let chars = 0;
  try {
    for await (const exchange of readRecording(
      file,
      (line) => {
        if (skipped.length < keptSkipped) skipped.push(line);
      },
      (lineChars) => {
        chars += lineChars + 1;
      },
    )) {
      if (chars > HELD_RECORDING_BYTES) return undefined;
      exchanges.push(exchange);
    }
  } catch {
    return undefined;
  }
  return chars > HELD_RECORDING_BYTES ? undefined : { exchanges, skipped };
}
