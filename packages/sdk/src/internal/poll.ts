import { ConfigurationError, UserAbortError, WaitTimeoutError } from '../errors/client-errors';
import { checkMs } from './option-checks';

/** What one poll of a `waitFor` observed, as passed to {@link WaitForOptions.onPoll}. */
export interface WaitForPoll {
  /**
   * The state the poll observed, e.g. `queued` or `applying`: `absent` when the rule is not
   * listed, `pending` while another profile is still the selected one.
   */
  readonly state: string;
  /** The number of the poll, 1 for the first. */
  readonly attempt: number;
  /** Milliseconds since the wait started. */
  readonly elapsedMs: number;
  /** Whether this poll ends the wait: the target state was reached, or the wait failed. */
  readonly final: boolean;
}

/** Options of the `waitFor` helpers. */
export interface WaitForOptions<S extends string> {
  /** The state to wait for. */
  readonly state: S;
  /** Give up after this many ms with a {@link WaitTimeoutError}. Default 120 000. */
  readonly timeout?: number | undefined;
  /**
   * First delay between polls in ms (0: poll again at once); it grows ×1.5, from 1 ms at
   * least, up to 5 s. Default 500.
   */
  readonly interval?: number | undefined;
  /** Stops waiting: the wait rejects with {@link UserAbortError}. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Called after every answered poll with the state it observed, the last poll included
   * (before `waitFor` resolves or throws `WaitForError`); e.g. to show progress. It is not
   * awaited. If it throws, the wait stops and rejects with that error.
   */
  readonly onPoll?: ((poll: WaitForPoll) => void) | undefined;
}

/** What a probe saw: the state, and whether the wait goes on, is over, or failed. */
export type Observed<T> =
  | { readonly state: string; readonly outcome: 'pending' }
  | { readonly state: string; readonly outcome: 'done'; readonly value: T }
  | { readonly state: string; readonly outcome: 'failed'; readonly error: Error };

const MAX_INTERVAL_MS = 5_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Throws a {@link ConfigurationError} unless `id` (what a `waitFor` waits on) is a non-empty string. */
export function requireWaitTarget(name: string, id: unknown): void {
  if (typeof id !== 'string' || id === '') {
    throw new ConfigurationError(`waitFor needs the ${name} to wait on, got ${String(id)}.`);
  }
}

/**
 * Calls `probe` with growing pauses until it observes an outcome other than `pending`, it
 * throws, `onPoll` throws, or the timeout elapses (then a {@link WaitTimeoutError}).
 */
export async function pollUntil<T>(
  what: string,
  probe: (signal: AbortSignal) => Promise<Observed<T>>,
  options: WaitForOptions<string>,
): Promise<T> {
  // Checked as a call's options are: a bad one is the caller's error, not a timer's RangeError.
  if (typeof options?.state !== 'string' || options.state === '') {
    throw new ConfigurationError(`waitFor of ${what} needs the state to wait for ({ state }).`);
  }
  checkMs('timeout', options.timeout);
  checkMs('interval', options.interval);
  if (options.onPoll != null && typeof options.onPoll !== 'function') {
    throw new ConfigurationError(`onPoll must be a function, got ${typeof options.onPoll}.`);
  }
  const timeoutMs = options.timeout ?? 120_000;
  const started = Date.now();
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let interval = options.interval ?? 500;
  let lastState: string | undefined;
  // Only what fails once the deadline has passed is a wait timeout: a request that timed out
  // earlier stays its own TimeoutError, and the caller's own abort stays theirs.
  const timedOut = (error: unknown) => {
    const user = options.signal;
    if (user?.aborted) {
      return error instanceof UserAbortError ? error : new UserAbortError({ reason: user.reason });
    }
    return deadline.aborted
      ? new WaitTimeoutError({
          what,
          targetState: options.state,
          lastState,
          timeoutMs,
          cause: error,
        })
      : error;
  };
  for (let attempt = 1; ; attempt++) {
    let observed: Observed<T>;
    try {
      observed = await probe(signal);
    } catch (error) {
      throw timedOut(error);
    }
    lastState = observed.state;
    options.onPoll?.({
      state: observed.state,
      attempt,
      elapsedMs: Date.now() - started,
      final: observed.outcome !== 'pending',
    });
    if (observed.outcome === 'done') return observed.value;
    if (observed.outcome === 'failed') throw observed.error;
    try {
      await sleep(interval, signal);
    } catch (error) {
      throw timedOut(error);
    }
    // From 1 ms at least: a first pause of 0 would otherwise stay 0, a poll every timer tick
    // (~1 ms) for the whole timeout.
    interval = Math.min(Math.max(interval * 1.5, 1), MAX_INTERVAL_MS);
  }
}
