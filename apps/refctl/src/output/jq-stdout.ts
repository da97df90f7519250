import type { Ctx } from '../cli/context';
import type { OutStream } from '../io/io';
import { escapeControlsInLines } from './control-chars';
import { checkJqFilter, runJq } from './jq';
import type { JqRunLimits } from './jq-engine';
import { toJson } from './json';

// `--jq EXPR` works on every command's JSON: stdout is swapped for a stream that runs each
// JSON text written to it (a command writes whole texts: one document, a page of NDJSON)
// through jq and prints the results the way `jq -r` and `gh --jq` do: strings as plain
// text, anything else as indented JSON. Results print in the order the texts were written.

/** stdout for `--jq`; {@link done} waits until every result is printed. */
export interface JqStdout extends OutStream {
  /** Prints `text` as it is, in order with the filtered output (`api -i` headers). */
  verbatim(text: string): void;
  /** Resolves once everything written so far is printed; rejects with jq's first error. */
  done(): Promise<void>;
}

/** One jq result (compact JSON) as printed: strings raw (controls shown), the rest as JSON. */
export function formatJqResult(line: string): string {
  const value: unknown = JSON.parse(line);
  return typeof value === 'string' ? `${escapeControlsInLines(value)}\n` : `${toJson(value, 2)}\n`;
}

/** A stdout that filters every JSON text written to it through `filter` onto `out`. */
export function jqStdout(out: OutStream, filter: string, limits: JqRunLimits = {}): JqStdout {
  let queue: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;
  const enqueue = (step: () => Promise<void>) => {
    queue = queue
      .then(() => (failure === undefined ? step() : undefined))
      .catch((error: unknown) => {
        failure ??= { error };
      });
  };
  return {
    ...(out.isTTY === undefined ? {} : { isTTY: out.isTTY }),
    ...(out.columns === undefined ? {} : { columns: out.columns }),
    write(chunk) {
      if (chunk.trim() === '') return true;
      enqueue(async () => {
        for (const line of await runJq(chunk, filter, limits)) out.write(formatJqResult(line));
      });
      return true;
    },
    verbatim(text) {
      enqueue(async () => {
        out.write(text);
      });
    },
    async done() {
      await queue;
      if (failure !== undefined) throw failure.error;
    },
  };
}

/** Whether `stream` is a `--jq` stdout. */
export const isJqStdout = (stream: OutStream): stream is JqStdout =>
  typeof (stream as Partial<JqStdout>).verbatim === 'function';

/** How long one jq run may take without `--timeout` (as an API call). */
const DEFAULT_JQ_TIMEOUT_MS = 30_000;

/**
 * Runs a command with its JSON output filtered by `filter`: the filter is compiled first
 * (a typo is exit 2 before any request), then every result is printed before this resolves.
 * Each jq run is stopped by `--timeout` (default 30 s), Ctrl-C and SIGTERM (`ctx.signal`).
 */
export async function runWithJq(
  ctx: Ctx,
  filter: string,
  run: (ctx: Ctx) => Promise<void>,
): Promise<void> {
  const limits: JqRunLimits = {
    signal: ctx.signal,
    timeoutMs: ctx.globals.timeout ?? DEFAULT_JQ_TIMEOUT_MS,
  };
  await checkJqFilter(filter, limits);
  const stdout = jqStdout(ctx.io.stdout, filter, limits);
  try {
    await run({ ...ctx, io: { ...ctx.io, stdout } });
  } catch (error) {
    // What was printed before the failure stays printed, as without --jq.
    await stdout.done().catch(() => undefined);
    throw error;
  }
  await stdout.done();
}
