import { CommanderError } from 'commander';
import {
  CliError,
  InterruptedError,
  interruptedExit,
  isInterruptedExit,
} from '../errors/cli-error';
import { EXIT, type ExitCode } from '../errors/exit-codes';
import type { Io } from '../io/io';
import { createProgram } from '../program';
import { createRunState } from './run-state';

/** One refctl command line running over an {@link Io}: what the process wiring needs. */
export interface CliRun {
  /** The exit code, once the command has ended (never rejects). */
  readonly done: Promise<ExitCode>;
  /**
   * Aborts the command (Ctrl-C, SIGTERM) with an {@link InterruptedError} of the signal's exit
   * code as the reason: requests, polls and watches stop cleanly.
   */
  readonly controller: AbortController;
  /** Reports `error` once, however many paths end in a failure; resolves to the exit code. */
  fail(error: unknown): Promise<ExitCode>;
}

/**
 * Runs `args` (the command line without node and the script) over `io`. main.ts runs it on
 * the process; tests run it in process with captured streams. Everything here throws typed
 * errors and returns exit codes: nothing ends the process.
 */
export function startCli(args: readonly string[], io: Io): CliRun {
  const state = createRunState();
  // The environment's key and admin token are secrets from the start: a usage error may
  // quote one typed as an argument before any command has read them.
  for (const name of ['REF_API_KEY', 'REF_ADMIN_TOKEN']) {
    const secret = io.env[name];
    if (secret) state.secrets.add(secret);
  }
  const controller = new AbortController();
  let reported: Promise<ExitCode> | undefined;
  // The reporter knows the SDK's error classes, so it is loaded only when something failed.
  const fail = (error: unknown): Promise<ExitCode> => {
    reported ??= import('../runtime/report-error').then(({ reportError }) =>
      reportError(io, state, error),
    );
    return reported;
  };
  // The interruption as the signal that aborted the run tells it (SIGTERM: exit 143).
  const interruption = () => new InterruptedError(undefined, interruptedExit(controller.signal));
  const program = createProgram({ io, state, signal: controller.signal }, args);
  const done = (async (): Promise<ExitCode> => {
    try {
      await program.parseAsync([...args], { from: 'user' });
      return controller.signal.aborted ? fail(interruption()) : EXIT.ok;
    } catch (error) {
      if (error instanceof CommanderError) {
        // --help and --version end through exitOverride with code 0; everything else is usage.
        return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
      }
      // After Ctrl-C a failing request is the interruption, unless the command already said
      // what the interruption left behind (a wait's rule id, a cancelled prompt).
      const interrupted =
        controller.signal.aborted &&
        !(error instanceof CliError && isInterruptedExit(error.exitCode));
      return fail(interrupted ? interruption() : error);
    }
  })();
  return { done, controller, fail };
}
