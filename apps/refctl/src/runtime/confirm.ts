import { createInterface } from 'node:readline';
import { CliError, InterruptedError, UsageError } from '../errors/cli-error';
import type { Io } from '../io/io';

/** What to ask and how to refuse. */
export interface ConfirmRequest {
  /** The question, e.g. `Stop REF-SVC-A1?`. */
  readonly question: string;
  /** `--yes` was given. */
  readonly yes: boolean;
  /** What the refusal names, e.g. `services power stop`. */
  readonly action: string;
}

/**
 * Asks on the terminal before a costly or disruptive action. With `--yes` it does not ask;
 * without a terminal and without `--yes` it refuses (exit 2) rather than guess.
 */
export async function confirm(io: Io, request: ConfirmRequest): Promise<void> {
  if (request.yes) return;
  if (io.stdin.isTTY !== true) {
    throw new UsageError(
      `${request.action} needs confirmation and stdin is not a terminal; pass --yes to proceed`,
      'confirmation_required',
    );
  }
  const answer = await ask(io, `${request.question} [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim()))
    throw new CliError('cancelled; nothing was done', undefined, 'cancelled');
}

function ask(io: Io, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const rl = createInterface({
      input: io.stdin,
      output: io.stderr as NodeJS.WritableStream,
      terminal: true,
    });
    let answered = false;
    rl.once('SIGINT', () => {
      rl.close();
      reject(new InterruptedError());
    });
    rl.once('close', () => {
      if (!answered) reject(new InterruptedError());
    });
    rl.question(prompt, (answer) => {
      answered = true;
      rl.close();
      resolve(answer);
    });
  });
}
