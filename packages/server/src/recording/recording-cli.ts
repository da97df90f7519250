import type { ParseArgsOptionsConfig } from 'node:util';
import { escapeControls } from '@refapi/schema/text';
import { parseFlags } from '../internal/parse-flags';
import { DEFAULT_MAX_EXCHANGES, STOP_GRACE_MS } from './recorder-limits';
import {
  RECORDED_BODY_BYTES,
  RecordingError,
  type UnreadableRest,
  unreadableRestLine,
} from './recording-format';
import type { WriteCall } from './recording-writer';
import { terminalLine, terminalSafe } from './terminal-text';
import { parseUpstream } from './upstream-url';

/** The subcommands of `ref-server` that work with recordings. */
export const RECORDING_COMMANDS = ['record', 'scenario', 'drift'] as const;

/** One of {@link RECORDING_COMMANDS}. */
export type RecordingCommand = (typeof RECORDING_COMMANDS)[number];

/** Where a recording command writes. */
export interface RecordingCliIo {
  readonly name: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Resolves when the command should stop (SIGINT/SIGTERM); `record` waits for it. */
  readonly stopped?: Promise<unknown>;
  /** Resolves when `record` must cut the exchanges under way at once (a second signal). */
  readonly stoppedAgain?: Promise<unknown>;
  /** Called with the recorder's base URL once it listens (tests). */
  readonly onListening?: (baseUrl: string) => void;
  /** The call `record` writes its file with (tests: a full disk); `fs.write` by default. */
  readonly writeSeam?: WriteCall;
}

/** A bad flag or a failure: one line on stderr and the exit code. */
export class RecordingCliExit extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** Usage of the recording subcommands (part of `ref-server --help`). */
export const RECORDING_USAGE = `Recordings (see the README, "From your real account to a scenario"):
  ref-server record --upstream <base url> [--port <p>] [--out <file>] [--max-exchanges <n>]
                         pass-through proxy on 127.0.0.1:<p>/v1 (default port 4011) that appends
                         every exchange to <file> (default recording.jsonl, mode 0600) as a
                         JSON line, credentials redacted, each body kept up to ${RECORDED_BODY_BYTES / 1024 / 1024} MiB;
                         at most <n> exchanges in flight (default ${DEFAULT_MAX_EXCHANGES}). Ctrl-C gives
                         those under way ${STOP_GRACE_MS / 1000} s, then cuts them; a second Ctrl-C cuts at once
  ref-server scenario --from-recording <file>
                         prints the scenario of the account before the recording (a <file>
                         of - reads standard input, as for drift; a gzipped <file> is read
                         as it is, as for drift)
  ref-server drift <file> [--json] [--exit-code]
                         replays the recording against that scenario in process; prints
                         matched/compared per operation, the first difference, each
                         difference, what the recording cannot verify, then
                         "fidelity m/n (u unverifiable)"; --exit-code exits 1 when any
                         answer differs and 2 when the file or a line of it cannot be
                         read, as diff(1). A recording compressed with gzip
                         (recording.jsonl.gz) is decompressed as it is read`;

function parse(argv: readonly string[], options: ParseArgsOptionsConfig) {
  try {
    return parseFlags(argv, options, true);
  } catch (error) {
    throw new RecordingCliExit(`${(error as Error).message} (see --help)`, 2);
  }
}

/** Runs `ref-server record|scenario|drift` on the arguments after the command; resolves to the exit code. */
export async function runRecordingCommand(
  command: RecordingCommand,
  argv: readonly string[],
  io: RecordingCliIo,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(`${RECORDING_USAGE.replaceAll('ref-server', io.name)}\n`);
    return 0;
  }
  try {
    if (command === 'record') return await record(argv, io);
    if (command === 'scenario') return await scenario(argv, io);
    return await drift(argv, io);
  } catch (error) {
    if (error instanceof RecordingError) throw new RecordingCliExit(error.message, 1);
    throw error;
  }
}

async function record(argv: readonly string[], io: RecordingCliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    upstream: { type: 'string' },
    port: { type: 'string' },
    out: { type: 'string' },
    'max-exchanges': { type: 'string' },
  });
  if (positionals.length > 0) {
    throw new RecordingCliExit(`unexpected argument "${positionals[0]}" (see --help)`, 2);
  }
  const upstream = values.upstream;
  if (typeof upstream !== 'string')
    throw new RecordingCliExit('record needs --upstream <base url> (see --help)', 2);
  const parsed = parseUpstream(upstream);
  if (!(parsed instanceof URL)) throw new RecordingCliExit(parsed.refused, 2);
  const portText = typeof values.port === 'string' ? values.port : '4011';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65_535) {
    throw new RecordingCliExit(`--port must be an integer 0..65535, got "${portText}"`, 2);
  }
  const out = typeof values.out === 'string' ? values.out : 'recording.jsonl';
  // The file as the lines below name it: a path may hold anything a terminal would obey.
  const shownOut = escapeControls(out);
  const maxText = values['max-exchanges'];
  const maxExchanges = typeof maxText === 'string' ? Number(maxText) : DEFAULT_MAX_EXCHANGES;
  if (!/^\d{1,5}$/.test(String(maxText ?? maxExchanges)) || maxExchanges < 1) {
    throw new RecordingCliExit(
      `--max-exchanges must be an integer 1..99999, got "${String(maxText)}"`,
      2,
    );
  }
  const { startRecorder } = await import('./record-proxy');
  // `--out` a FIFO waits for its reader before anything listens: a stop meanwhile ends it.
  const stopped = io.stopped ?? new Promise(() => {});
  const giveUp = new AbortController();
  void stopped.then(() => giveUp.abort());
  const recorder = await startRecorder({
    upstream,
    port: Number(portText),
    out,
    maxExchanges,
    signal: giveUp.signal,
    onWaitingForReader: () =>
      io.stderr(`${io.name}: waiting for a reader of ${shownOut} (Ctrl-C stops)\n`),
    ...(io.writeSeam === undefined ? {} : { write: io.writeSeam }),
  }).catch((error: NodeJS.ErrnoException) => {
    if (giveUp.signal.aborted) return undefined;
    throw new RecordingCliExit(`cannot record: ${error.code ?? error.message}`, 1);
  });
  if (recorder === undefined) {
    io.stdout(`${io.name}: stopped before ${shownOut} opened: nothing recorded\n`);
    return 0;
  }
  io.stdout(
    `${io.name} recording ${recorder.baseUrl} -> ${parsed.origin}${parsed.pathname} into ${shownOut}\n`,
  );
  io.onListening?.(recorder.baseUrl);
  // A file that takes no more ends the recording as a stop does, and says so.
  const failure = await Promise.race([stopped.then(() => undefined), recorder.failed]);
  await recorder.close({ ...(io.stoppedAgain === undefined ? {} : { cutNow: io.stoppedAgain }) });
  if (failure !== undefined) {
    const lost = recorder.lost();
    throw new RecordingCliExit(
      `cannot write the recording ${shownOut}: ${failure.code ?? failure.message}; ${recorder.recorded()} exchanges recorded${lost > 0 ? `, ${lost} more forwarded but not recorded` : ''}`,
      1,
    );
  }
  io.stdout(`${io.name}: ${recorder.recorded()} exchanges recorded in ${shownOut}\n`);
  return 0;
}

async function scenario(argv: readonly string[], io: RecordingCliIo): Promise<number> {
  const { values, positionals } = parse(argv, { 'from-recording': { type: 'string' } });
  const file = values['from-recording'];
  if (typeof file !== 'string' || positionals.length > 0) {
    throw new RecordingCliExit('scenario needs --from-recording <file> (see --help)', 2);
  }
  const { scenarioFromRecording, PLACEHOLDER_TOKEN } = await import('./scenario-from-recording');
  let unreadable: UnreadableRest | undefined;
  const built = await scenarioFromRecording(
    file,
    (skipped) =>
      io.stderr(
        `${terminalLine(`${io.name}: note: line ${skipped.line} skipped: ${skipped.reason}`)}\n`,
      ),
    (rest) => {
      unreadable = rest;
    },
  );
  // Recorded strings are shown, never obeyed: a terminal reads this too.
  io.stdout(terminalSafe(`${JSON.stringify(built.scenario, null, 2)}\n`));
  io.stderr(
    `${io.name}: the recording's key is ${PLACEHOLDER_TOKEN} in this scenario (the recording never holds the real token)\n`,
  );
  for (const note of built.notes) io.stderr(`${terminalLine(`${io.name}: note: ${note}`)}\n`);
  // Gzip data that broke off: the scenario of the lines before it, then the line that says
  // so last, and the exit code of a file that cannot be read (as `zcat`).
  if (unreadable !== undefined) throw new RecordingCliExit(unreadableRestLine(file, unreadable), 1);
  return 0;
}

async function drift(argv: readonly string[], io: RecordingCliIo): Promise<number> {
  const { values, positionals } = parse(argv, {
    json: { type: 'boolean' },
    'exit-code': { type: 'boolean' },
  });
  const file = positionals[0];
  if (file === undefined || positionals.length > 1) {
    throw new RecordingCliExit('drift needs one recording file (see --help)', 2);
  }
  const gate = values['exit-code'] === true;
  const { driftReport, formatDriftReport } = await import('./drift');
  const report = await driftReport(file).catch((error: unknown) => {
    // Under --exit-code, 1 means "differs" (as `diff` and `git diff --exit-code`), so trouble
    // reading the file takes 2 and a CI job never mistakes one for the other.
    if (gate && error instanceof RecordingError) throw new RecordingCliExit(error.message, 2);
    throw error;
  });
  io.stdout(
    values.json === true
      ? terminalSafe(`${JSON.stringify(report, null, 2)}\n`)
      : formatDriftReport(report),
  );
  // Gzip data that broke off: the report of the lines before it, then the line that says
  // so last, and the exit code of a file that cannot be read.
  if (report.unreadable_rest !== undefined) {
    throw new RecordingCliExit(unreadableRestLine(file, report.unreadable_rest), gate ? 2 : 1);
  }
  // 0/0 is true of a recording of nothing, and of nothing else: it is said, never left to read.
  if (Object.keys(report.operations).length === 0) {
    io.stderr(
      `${terminalLine(`${io.name}: note: ${file} holds no recorded exchange: nothing was replayed`)}\n`,
    );
  }
  if (!gate) return 0;
  // A line skipped may have held a difference: trouble reading the file, as diff's 2.
  if (report.skipped_lines.length > 0) return 2;
  return report.matched < report.compared ? 1 : 0;
}
