import { EXIT, type ExitCode } from './exit-codes';

/** An error the CLI itself raises, with the exit code it ends the process with. */
export class CliError extends Error {
  override readonly name: string = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.error,
    /** Stable snake_case code for `-o json` error objects. */
    readonly code = 'cli_error',
  ) {
    super(message);
  }
}

/** Bad flags, arguments or input: exit 2. */
export class UsageError extends CliError {
  override readonly name: string = 'UsageError';
  constructor(message: string, code = 'usage_error') {
    super(message, EXIT.usage, code);
  }
}

/**
 * A usage error printed as written, over several lines and without `error:` (exit 2): what
 * the user asked to see instead of a result, e.g. the fields `--json` alone lists.
 */
export class PlainUsageError extends UsageError {
  override readonly name = 'PlainUsageError';
}

/** A `--wait` that did not reach its target state in time: exit 7. */
export class WaitTimeoutError extends CliError {
  override readonly name = 'WaitTimeoutError';
  constructor(message: string) {
    super(message, EXIT.waitTimeout, 'wait_timeout');
  }
}

/** The exit code of an interruption: 128 + the signal's number. */
export type InterruptedExit = typeof EXIT.interrupted | typeof EXIT.terminated;

/**
 * The user interrupted (Ctrl-C) or declined a prompt by interrupting: exit 130; stopped by
 * SIGTERM: exit 143.
 */
export class InterruptedError extends CliError {
  override readonly name = 'InterruptedError';
  constructor(message = 'interrupted', exitCode: InterruptedExit = EXIT.interrupted) {
    super(message, exitCode, 'interrupted');
  }
}

/** Whether `code` is the exit code of an interruption (130 or 143). */
export const isInterruptedExit = (code: ExitCode): code is InterruptedExit =>
  code === EXIT.interrupted || code === EXIT.terminated;

/**
 * The exit code of the interruption that aborted `signal` (main.ts aborts it with an
 * {@link InterruptedError} naming SIGINT's or SIGTERM's code); 130 for any other reason.
 */
export function interruptedExit(signal: AbortSignal): InterruptedExit {
  const reason: unknown = signal.reason;
  return reason instanceof InterruptedError && isInterruptedExit(reason.exitCode)
    ? reason.exitCode
    : EXIT.interrupted;
}

/**
 * The user declined at a prompt (answered no, pressed Esc or Ctrl-C): nothing was done, and
 * that is no error. The message is the one plain line printed, e.g.
 * `cancelled; nothing was ordered`; exit 8, or 130 when it was Ctrl-C.
 */
export class CancelledError extends CliError {
  override readonly name = 'CancelledError';
  constructor(message: string, exitCode: ExitCode = EXIT.cancelled) {
    super(message, exitCode, 'cancelled');
  }
}
