import { UsageError } from '../errors/cli-error';
import { colorEnabled, type Io } from '../io/io';
import type { OutputFormat } from '../output/output-format';
import type { RenderSettings } from '../output/render';
import { parseColumnList } from '../output/view';
import type { RunState } from './run-state';

/** Options every command accepts (declared on the root program). */
export interface GlobalOptions {
  readonly output: OutputFormat;
  /** True when `-o` was given on the command line (`output` is not its default). */
  readonly outputGiven?: boolean | undefined;
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
  /**
   * A list command's own `--json [fields]`, which `optsWithGlobals` hands over with these:
   * JSON of only those fields (implies `-o json`), or `true` (the flag alone) to list them.
   */
  readonly json?: string | true | undefined;
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

/**
 * `-o`, or JSON for `--jq` and `--json` (which print JSON or NDJSON; other formats are
 * refused). `--columns` and `--no-headers` shape tables and CSV only: with any other format
 * they are refused rather than ignored.
 */
function outputFormat(globals: GlobalOptions): OutputFormat {
  const format = jsonFormat(globals);
  if (format === 'table' || format === 'csv') return format;
  const by = globals.json !== undefined ? '--json' : globals.jq !== undefined ? '--jq' : '';
  const named = by || `-o ${format}`;
  if (globals.columns !== undefined) {
    throw new UsageError(
      `--columns picks table and CSV columns, not fields of ${named}: drop it, or pick fields with --json a,b (lists) or --jq`,
      'invalid_input',
    );
  }
  if (globals.headers === false) {
    throw new UsageError(
      `--no-headers does not apply to ${named}: it drops the header row of tables and CSV`,
      'invalid_input',
    );
  }
  return format;
}

function jsonFormat(globals: GlobalOptions): OutputFormat {
  const filter = globals.jq !== undefined ? '--jq' : globals.json !== undefined ? '--json' : '';
  if (filter === '' || globals.output === 'ndjson') return globals.output;
  // `-o table` is the default, which they replace; given on the command line, it is refused.
  const table = globals.output === 'table' && globals.outputGiven === true;
  if (globals.output === 'yaml' || globals.output === 'csv' || table) {
    const what = filter === '--jq' ? 'filters JSON output' : 'prints JSON';
    throw new UsageError(`${filter} ${what}: drop -o ${globals.output}`, 'invalid_input');
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
    ...(typeof globals.json === 'string' ? { fields: parseColumnList(globals.json) } : {}),
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
