import { CommanderError } from 'commander';
import { EXIT } from './cli/exit-codes';
import { createRunState } from './cli/run-state';
import { createProgram } from './program';
import { processIo } from './runtime/io';

/**
 * Runs refctl on `process.argv` and ends the process with its exit code. With bin.ts, the
 * only code that ends the process: everything else throws typed errors.
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
  const program = createProgram({ io, state, signal: controller.signal });

  const onSignal = async () => {
    controller.abort();
    const { reportError } = await import('./runtime/report-error');
    const { InterruptedError } = await import('./cli/cli-error');
    process.exit(reportError(io, state, new InterruptedError()));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    await program.parseAsync(process.argv);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end through exitOverride with code 0; everything else is usage.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    const { reportError } = await import('./runtime/report-error');
    return reportError(io, state, error);
  }
}
