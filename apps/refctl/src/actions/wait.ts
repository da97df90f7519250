import { isTimeoutError, isWaitForError } from '@refapi/sdk';
import { CliError, WaitTimeoutError } from '../cli/cli-error';
import type { Ctx } from '../cli/context';
import { canRenderLive } from '../runtime/io';
import { note } from '../runtime/print';

/** Whether live ink views may draw: terminals on stdout and stderr, no CI, `-o table`. */
export function liveViews(ctx: Ctx): boolean {
  return (
    ctx.render.format === 'table' &&
    canRenderLive(ctx.io, ctx.io.stdout) &&
    canRenderLive(ctx.io, ctx.io.stderr)
  );
}

/** What is being waited for, e.g. `{subject: 'rule 5b0f…', target: 'active'}`. */
export interface WaitGoal {
  readonly subject: string;
  readonly target: string;
  /** Where to look afterwards, e.g. `refctl shield rules list REF-SVC-A1`. */
  readonly checkWith: string;
}

/**
 * Runs an SDK `waitFor` with a spinner on a terminal (a plain line otherwise). A poll
 * timeout becomes exit 7; a `failed` state exit 1; a request that fails mid-wait fails it.
 */
export async function waitFor<T>(
  ctx: Ctx,
  goal: WaitGoal,
  timeoutMs: number,
  run: (options: { timeout: number; signal: AbortSignal }) => Promise<T>,
): Promise<T> {
  const label = `waiting for ${goal.subject} to be ${goal.target}`;
  const started = Date.now();
  const work = run({ timeout: timeoutMs, signal: ctx.signal });
  try {
    let result: T;
    if (liveViews(ctx)) {
      const { withSpinner } = await import('../ui/render-live');
      result = await withSpinner(ctx.io, label, timeoutMs, work);
    } else {
      note(ctx, `${label}…`);
      result = await work;
    }
    note(ctx, `${goal.subject} is ${goal.target} (${Math.round((Date.now() - started) / 1000)}s)`);
    return result;
  } catch (error) {
    // The poll's own deadline carries no request; a request timeout does.
    if (isTimeoutError(error) && error.method === undefined) {
      throw new WaitTimeoutError(
        `timed out after ${formatSeconds(timeoutMs)} ${label}; it goes on server-side: ${goal.checkWith}`,
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
