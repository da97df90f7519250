import { startCli } from './cli/run-cli';
import { InterruptedError } from './errors/cli-error';
import { EXIT } from './errors/exit-codes';
import { exitOnLostOutput } from './exit-after-output';
import { processIo } from './io/io';

// How long a command may take to wind down after Ctrl-C before the process just ends.
const INTERRUPT_GRACE_MS = 2000;

/**
 * Runs refctl on `process.argv` and resolves to its exit code. With bin.ts the only code
 * that ends the process: everything else throws typed errors.
 */
export async function main(): Promise<number> {
  // `refctl … | head` closes the pipe early: that is success, not a crash. Any other failed
  // write (a full disk: `> /dev/full`) lost output, and says so. Each stream is made (and
  // watched) when refctl first writes to it.
  const io = processIo((stream) => {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      exitOnLostOutput(error);
    });
  });
  const run = startCli(process.argv.slice(2), io);

  // Ctrl-C or SIGTERM aborts the running command (requests, polls, watches) so it can stop
  // cleanly; a second signal, or a command that does not stop in time, ends the process at
  // once. The exit code is 128 + the signal's number, as a shell reports a process it killed:
  // 130 for SIGINT, 143 for SIGTERM.
  const onSignal = (signal: NodeJS.Signals) => {
    const interruption = new InterruptedError(
      undefined,
      signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted,
    );
    if (run.controller.signal.aborted) process.exit(interruption.exitCode);
    run.controller.abort(interruption);
    setTimeout(() => {
      void run.fail(interruption).then((code) => process.exit(code));
    }, INTERRUPT_GRACE_MS).unref();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  return run.done;
}
