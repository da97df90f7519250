import { isWaitForError, isWaitTimeoutError, type WaitForPoll } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
// refctl's own WaitTimeoutError (exit 7), which the SDK's one is mapped to below.
import { CliError, InterruptedError, interruptedExit, WaitTimeoutError } from '../errors/cli-error';
import { canRenderLive, colorEnabled } from '../io/io';
import { escapeControls } from '../output/control-chars';
import { colorState } from '../output/state-colors';
import { note } from '../runtime/print';
import { loadUi } from '../ui/load-ui';
import type { Spinner } from '../ui/render-live';

/** Whether live ink views may draw: terminals on stdout and stderr, no CI, `-o table`. */
export function liveViews(ctx: Ctx): boolean {
  return (
    ctx.render.format === 'table' &&
    canRenderLive(ctx.io, ctx.io.stdout) &&
    canRenderLive(ctx.io, ctx.io.stderr)
  );
}

/** How long a `--wait` waits when `--timeout` is not given. */
const DEFAULT_WAIT_MS = 120_000;

/** The `--wait` deadline: the global `--timeout`, else {@link DEFAULT_WAIT_MS}. */
export function waitTimeoutMs(ctx: Ctx): number {
  return ctx.globals.timeout ?? DEFAULT_WAIT_MS;
}

/** What is being waited for, e.g. `{subject: 'rule 5b0f…', target: 'active'}`. */
export interface WaitGoal {
  readonly subject: string;
  readonly target: string;
  /** Where to look afterwards, e.g. `refctl shield rules list REF-SVC-A1`. */
  readonly checkWith: string;
}

/**
 * Runs an SDK `waitFor` with a spinner on a terminal (plain lines otherwise) that shows the
 * latest observed state. The wait's deadline becomes exit 7; a `failed` state exit 1; a
 * request that fails mid-wait (a request timeout included) fails it; Ctrl-C exit 130 (SIGTERM
 * 143) with the subject (e.g. the rule id) and the command that follows it.
 */
export async function waitFor<T>(
  ctx: Ctx,
  goal: WaitGoal,
  timeoutMs: number,
  run: (options: {
    timeout: number;
    signal: AbortSignal;
    onPoll: (poll: WaitForPoll) => void;
  }) => Promise<T>,
): Promise<T> {
  const label = `waiting for ${goal.subject} to be ${goal.target}`;
  const started = Date.now();
  const live = liveViews(ctx);
  let spinner: Spinner | undefined;
  let spinnerLabel = label;
  let printed: string | undefined;
  let lastState: string | undefined;
  const onPoll = ({ state, final }: WaitForPoll) => {
    lastState = state;
    const text = `${label} (now: ${escapeControls(state)})`;
    if (live) {
      spinnerLabel = text;
      spinner?.relabel(text);
    } else if (state !== printed && !final) {
      // Off a terminal a line cannot be redrawn: one plain line per new state (the last
      // poll gets the success or error line instead).
      printed = state;
      note(ctx, `${text}…`);
    }
  };
  const work = run({ timeout: timeoutMs, signal: ctx.signal, onPoll });
  // It may settle while ink loads; it is awaited below, so that is no unhandled rejection.
  work.catch(() => undefined);
  try {
    let result: T;
    if (live) {
      const { startSpinner } = await loadUi();
      spinner = startSpinner(ctx.io, spinnerLabel, timeoutMs);
      try {
        result = await work;
      } finally {
        await spinner.stop();
      }
    } else {
      result = await work;
    }
    // The state reached, in colour on a terminal (note() would show the escape codes).
    const target = colorEnabled(ctx.io, ctx.io.stderr, ctx.globals.color)
      ? colorState(goal.target)
      : goal.target;
    const took = Math.round((Date.now() - started) / 1000);
    ctx.io.stderr.write(`${escapeControls(goal.subject)} is ${target} (${took}s)\n`);
    return result;
  } catch (error) {
    // Ctrl-C stops the waiting, not the change: say what goes on and how to follow it.
    if (ctx.signal.aborted) {
      const last = lastState === undefined ? '' : ` (last seen: ${escapeControls(lastState)})`;
      throw new InterruptedError(
        `interrupted while ${label}${last}; the change goes on at the server: ${goal.checkWith}`,
        interruptedExit(ctx.signal),
      );
    }
    // Only the wait's own deadline is exit 7; a request timeout inside it is a plain error.
    if (isWaitTimeoutError(error)) {
      const last = error.lastState === undefined ? '' : ` (last seen: ${error.lastState})`;
      throw new WaitTimeoutError(
        `timed out after ${formatSeconds(timeoutMs)} ${label}${last}; it goes on server-side: ${goal.checkWith}`,
      );
    }
    if (isWaitForError(error)) {
      const code = error.errorCode ? ` (${error.errorCode})` : '';
      throw new CliError(
        `${goal.subject} ended ${error.state}${code} instead of ${goal.target}`,
        undefined,
        'wait_failed',
      );
    }
    throw error;
  }
}

const formatSeconds = (ms: number) => `${Math.round(ms / 100) / 10}s`;
