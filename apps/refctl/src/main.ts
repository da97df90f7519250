import { CommanderError } from 'commander';
import { createRunState, type RunState } from './cli/run-state';
import { CliError, InterruptedError } from './errors/cli-error';
import { EXIT, type ExitCode } from './errors/exit-codes';
import { type Io, processIo } from './io/io';
import { createProgram } from './program';

// How long a command may take to wind down after Ctrl-C before the process just ends.
const INTERRUPT_GRACE_MS = 2000;

/**
 * Runs refctl on `process.argv` and resolves to its exit code. With bin.ts the only code
 * that ends the process: everything else throws typed errors.
 */
export async function main(): Promise<number> {
  // `refctl … | head` closes the pipe early: that is success, not a crash.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  const io = processIo();
  const state = createRunState();
  const controller = new AbortController();
  const program = createProgram({ io, state, signal: controller.signal }, process.argv.slice(2));

  // Ctrl-C aborts the running command (requests, polls, watches) so it can stop cleanly;
  // a second Ctrl-C, or a command that does not stop in time, ends the process at once.
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    controller.abort(new InterruptedError());
    setTimeout(() => {
      void fail(io, state, new InterruptedError()).then((code) => process.exit(code));
    }, INTERRUPT_GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    await program.parseAsync(process.argv);
    return controller.signal.aborted ? fail(io, state, new InterruptedError()) : EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through exitOverride with code 0; everything else is usage.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    // After Ctrl-C a failing request is the interruption, unless the command already said
    // what the interruption left behind (a wait's rule id, a cancelled prompt).
    const interrupted =
      controller.signal.aborted &&
      !(error instanceof CliError && error.exitCode === EXIT.interrupted);
    return fail(io, state, interrupted ? new InterruptedError() : error);
  }
}

let reported: Promise<ExitCode> | undefined;

// Reports once, however many paths (signal timer, rejected command) end in a failure. The
// reporter knows the SDK's error classes, so it is loaded only when something failed.
function fail(io: Io, state: RunState, error: unknown): Promise<ExitCode> {
  reported ??= import('./runtime/report-error').then(({ reportError }) =>
    reportError(io, state, error),
  );
  return reported;
}
