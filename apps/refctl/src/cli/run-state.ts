import type { OutputFormat } from '../output/output-format';

/**
 * What the entry file needs to report a failure well, filled in while a command runs:
 * secrets to scrub from messages, the idempotency key to print for a safe retry.
 */
export interface RunState {
  format: OutputFormat;
  debug: boolean;
  /** False with `--no-color`. */
  color: boolean;
  /** Values that must never reach the terminal (the API key of this invocation). */
  readonly secrets: Set<string>;
  /** Set once a mutation is about to be sent, so a failure can say how to retry it safely. */
  idempotencyKey?: string | undefined;
  /**
   * How to retry that mutation safely when it is not the same command with
   * `--idempotency-key` (`refctl apply` takes no such flag: its plan carries the key).
   */
  retryHint?: string | undefined;
  /** What to do next about this failure, when the command knows better than its status. */
  errorHint?: string | undefined;
  /** The base URL in use, once settings are read: an error hints when it lacks `/v1`. */
  baseUrl?: string | undefined;
}

/** A fresh run state with defaults until the command line is parsed. */
export function createRunState(): RunState {
  return { format: 'table', debug: false, color: true, secrets: new Set() };
}
