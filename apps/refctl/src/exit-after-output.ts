import { EXIT } from './errors/exit-codes';

/**
 * Ends the process with `code` once stdout has taken what was written (pipes are
 * asynchronous on some platforms). Output stdout could not take (a full disk: `> /dev/full`)
 * is lost, and the process says so and exits 1, never with `code`; a reader gone (`| head`)
 * is not a failure.
 */
export function exitAfterOutput(code: number): void {
  process.stdout.write('', (error) => {
    const lost = (process.stdout.errored ?? error) as NodeJS.ErrnoException | null | undefined;
    if (lost == null || lost.code === 'EPIPE') process.exit(code);
    exitOnLostOutput(lost);
  });
}

/**
 * Ends the process when output could not be written: one line on stderr (when stderr itself
 * is what failed, it may not arrive) and exit 1.
 */
export function exitOnLostOutput(error: NodeJS.ErrnoException): never {
  try {
    process.stderr.write(`error: cannot write output: ${error.code ?? error.message}\n`);
  } catch {
    // stderr is gone too: the exit code says it.
  }
  process.exit(EXIT.error);
}
