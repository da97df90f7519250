import { TimeoutError } from '../errors/client-errors';

/** Options of the `waitFor` helpers. */
export interface WaitForOptions<S extends string> {
  /** The state to wait for. */
  readonly state: S;
  /** Give up after this many ms with a TimeoutError. Default 120 000. */
  readonly timeout?: number | undefined;
  /** First delay between polls in ms; it grows ×1.5 up to 5 s. Default 500. */
  readonly interval?: number | undefined;
  /** Stops waiting. */
  readonly signal?: AbortSignal | undefined;
}

const MAX_INTERVAL_MS = 5_000;

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls `probe` with growing pauses until it returns a value (not `undefined`), it throws,
 * or the timeout elapses.
 */
export async function pollUntil<T>(
  what: string,
  probe: (signal: AbortSignal) => Promise<T | undefined>,
  options: WaitForOptions<string>,
): Promise<T> {
  const timeoutMs = options.timeout ?? 120_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  let interval = options.interval ?? 500;
  try {
    for (;;) {
      const value = await probe(signal);
      if (value !== undefined) return value;
      await sleep(interval, signal);
      interval = Math.min(interval * 1.5, MAX_INTERVAL_MS);
    }
  } catch (error) {
    if (deadline.aborted && !options.signal?.aborted) {
      throw new TimeoutError({
        timeoutMs,
        what: `Waiting for ${what} to be ${options.state} timed out`,
        cause: error,
      });
    }
    throw error;
  }
}
