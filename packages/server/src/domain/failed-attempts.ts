/** Different wrong credentials one address may try per window before it is refused. */
export const MAX_FAILED_ATTEMPTS = 10;
/** Length of a window, from an address's first failure in it. */
const WINDOW_MS = 60_000;
/** Addresses tracked at once; the one that failed least recently is forgotten first. */
const MAX_TRACKED = 10_000;

interface Window {
  readonly start: number;
  /** What was tried (at most the limit): a repeat is no new guess. */
  readonly tried: Set<string>;
}

/**
 * Failed credential attempts per source address, so a guesser is held to
 * {@link MAX_FAILED_ATTEMPTS} different guesses a minute. The same wrong credential sent
 * again (a test of the refusal, a client with a stale token) counts once, and nothing
 * resets a count but time: on a shared address (every local client is 127.0.0.1), one
 * client's success must not wipe another's failures. Time is real time, not the server
 * clock an admin can move.
 */
export class FailedAttempts {
  // Insertion order is recency order: a failure re-inserts its address at the end.
  readonly #windows = new Map<string, Window>();

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly limits = {
      attempts: MAX_FAILED_ATTEMPTS,
      windowMs: WINDOW_MS,
      tracked: MAX_TRACKED,
    },
  ) {}

  /** Whole seconds until `address` may try again; 0 when it may try now. */
  retryAfter(address: string): number {
    const window = this.#current(address);
    if (window === undefined || window.tried.size < this.limits.attempts) return 0;
    return Math.max(1, Math.ceil((window.start + this.limits.windowMs - this.now()) / 1000));
  }

  /** Counts a failed attempt of `address`; `attempt` names what was tried (e.g. a digest). */
  fail(address: string, attempt: string): void {
    const window = this.#current(address) ?? { start: this.now(), tried: new Set<string>() };
    if (window.tried.size < this.limits.attempts) window.tried.add(attempt);
    this.#windows.delete(address);
    this.#windows.set(address, window);
    if (this.#windows.size > this.limits.tracked) {
      this.#windows.delete(this.#windows.keys().next().value as string);
    }
  }

  /** Addresses tracked now (bounded by the limit). */
  get size(): number {
    return this.#windows.size;
  }

  #current(address: string): Window | undefined {
    const window = this.#windows.get(address);
    if (window === undefined || this.now() < window.start + this.limits.windowMs) return window;
    this.#windows.delete(address);
    return undefined;
  }
}
