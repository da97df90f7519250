import { createInterface } from 'node:readline';
import { CancelledError, InterruptedError, interruptedExit, UsageError } from '../errors/cli-error';
import { EXIT, type ExitCode } from '../errors/exit-codes';
import type { Io } from '../io/io';
import { escapeControls } from '../output/control-chars';

/** What to ask and how to refuse. */
export interface ConfirmRequest {
  /** The question, e.g. `Stop REF-SVC-A1?`. */
  readonly question: string;
  /** `--yes` was given. */
  readonly yes: boolean;
  /** What the refusal names, e.g. `services power stop`. */
  readonly action: string;
  /** What a "no" leaves undone, e.g. `nothing was ordered` (default `nothing was done`). */
  readonly nothing?: string;
  /** False with `--no-input`: refuse like without a terminal. */
  readonly input?: boolean;
  /** The command's signal (Ctrl-C or SIGTERM sent to the process): it cancels the question. */
  readonly signal?: AbortSignal;
}

/**
 * Asks on the terminal before a costly or disruptive action. With `--yes` it does not ask;
 * without a terminal (or with `--no-input`) and without `--yes` it refuses (exit 2) rather
 * than guess. Answering anything but yes, Esc or Ctrl-C cancel: CancelledError, whose one
 * plain line is `cancelled; nothing was done` (exit 8, 130 for Ctrl-C).
 */
export async function confirm(io: Io, request: ConfirmRequest): Promise<void> {
  if (request.yes) return;
  if (io.stdin.isTTY !== true || request.input === false) {
    const why = request.input === false ? '--no-input was given' : 'stdin is not a terminal';
    throw new UsageError(
      `${request.action} needs confirmation and ${why}; pass --yes to proceed`,
      'confirmation_required',
    );
  }
  const cancelled = `cancelled; ${request.nothing ?? 'nothing was done'}`;
  // Caret notation, as all output: a name from a file must not retitle or redraw the terminal.
  const answer = await ask(
    io,
    `${escapeControls(request.question)} [y/N] `,
    cancelled,
    request.signal,
  );
  if (!/^y(es)?$/i.test(answer.trim())) throw new CancelledError(cancelled);
}

function ask(
  io: Io,
  prompt: string,
  cancelled: string,
  signal: AbortSignal | undefined,
): Promise<string> {
  if (signal?.aborted)
    return Promise.reject(new CancelledError(cancelled, interruptedExit(signal)));
  // An ink prompt before this one (`orders create` on a terminal) leaves stdin unref'ed: the
  // process would end while the question waits for its answer.
  (io.stdin as { ref?: () => unknown }).ref?.();
  return new Promise((resolve, reject) => {
    const rl = createInterface({
      input: io.stdin,
      output: io.stderr as NodeJS.WritableStream,
      terminal: true,
    });
    let answered = false;
    const cancel = (code: ExitCode) => {
      answered = true;
      // The cursor is still on the prompt's line: the cancel line goes below it.
      io.stderr.write('\n');
      rl.close();
      reject(new CancelledError(cancelled, code));
    };
    // Esc cancels like "no", as in the other prompts (readline emits keypresses on a terminal).
    const onKeypress = (_: unknown, key: { name?: string } | undefined) => {
      if (key?.name === 'escape') cancel(EXIT.cancelled);
    };
    io.stdin.on('keypress', onKeypress);
    rl.once('SIGINT', () => cancel(EXIT.interrupted));
    // A signal sent to the process (`kill -INT`, `kill -TERM`) is a Ctrl-C the terminal did
    // not type: cancelled the same way, its line below the question, with the signal's code.
    const onAbort = () => {
      if (!answered && signal !== undefined) cancel(interruptedExit(signal));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    rl.once('close', () => {
      io.stdin.off('keypress', onKeypress);
      signal?.removeEventListener('abort', onAbort);
      if (answered) return;
      // Ctrl-D (input ended): as for a cancel, the error line goes below the prompt.
      io.stderr.write('\n');
      reject(new InterruptedError());
    });
    rl.question(prompt, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
  });
}
