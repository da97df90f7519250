import { UsageError } from '../errors/cli-error';
import { colorEnabled, type Io } from '../io/io';
import type { OutputFormat } from '../output/output-format';
import type { RenderSettings } from '../output/render';
import { parseColumnList } from '../output/view';
import type { RunState } from './run-state';

/** Options every command accepts (declared on the root program). */
export interface GlobalOptions {
  readonly output: OutputFormat;
  readonly columns?: string | undefined;
  /** False with `--no-headers`. */
  readonly headers: boolean;
  readonly profile?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly debug: boolean;
  /**
   * `--timeout` in ms: the limit of each API call, retries included (default 30 s), and of
   * a `--wait` as a whole (default 2 min).
   */
  readonly timeout?: number | undefined;
  /** False with `--no-color`. */
  readonly color: boolean;
  /** False with `--no-input`: never ask, even on a terminal. */
  readonly input: boolean;
  /** `--jq EXPR`: JSON output filtered through jq (implies `-o json`). */
  readonly jq?: string | undefined;
}

/** Everything a command handler gets: the process boundary, global options, run state. */
export interface Ctx {
  readonly io: Io;
  readonly globals: GlobalOptions;
  readonly render: RenderSettings;
  readonly state: RunState;
  /** Aborted when the user interrupts; pass it to SDK calls. */
  readonly signal: AbortSignal;
}

/** `-o`, or JSON for `--jq` (which filters JSON or NDJSON; other formats are refused). */
function outputFormat(globals: GlobalOptions): OutputFormat {
  if (globals.jq === undefined || globals.output === 'ndjson') return globals.output;
  if (globals.output === 'yaml' || globals.output === 'csv') {
    throw new UsageError(`--jq filters JSON output: drop -o ${globals.output}`, 'invalid_input');
  }
  return 'json';
}

/** Builds the handler context from parsed global options. */
export function createCtx(
  io: Io,
  globals: GlobalOptions,
  state: RunState,
  signal: AbortSignal,
): Ctx {
  const terminal = io.stdout.isTTY === true;
  const render: RenderSettings = {
    format: outputFormat(globals),
    columns: globals.columns === undefined ? undefined : parseColumnList(globals.columns),
    headers: globals.headers,
    color: colorEnabled(io, io.stdout, globals.color),
    // Off a terminal nothing is truncated: scripts get whole values.
    maxWidth: terminal && io.stdout.columns ? io.stdout.columns : undefined,
  };
  state.format = globals.output;
  state.debug = globals.debug;
  state.color = globals.color;
  return { io, globals, render, state, signal };
}
