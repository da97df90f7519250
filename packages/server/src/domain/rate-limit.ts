import { LIMITS } from '@refapi/schema';

/** Which window a request counts against. */
export type AccessKind = 'read' | 'write';

/** Outcome of counting one request. */
export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Whole seconds until the current window ends (at least 1). */
  readonly resetSeconds: number;
}

const WINDOW_MS = 60_000;

/**
 * Windows held at once (~10 MB): a client sending from ever new source addresses (a host
 * has 16 million loopback ones, an IPv6 client a /64) made one per address, kept for the
 * minute, with no bound. Past it the window begun longest ago is forgotten: its subject
 * counts afresh, a smaller harm than memory without end.
 */
const MAX_WINDOWS = 100_000;

interface Window {
  start: number;
  read: number;
  write: number;
}

/**
 * Fixed one-minute windows on the server clock, reads and writes counted apart, per
 * subject (a key id, or a source address for requests without a valid key).
 */
export class RateLimiter {
  // In the order the windows began (a subject's new minute moves it last): the first is the
  // one to forget when the map is full of this minute's.
  readonly #windows = new Map<string, Window>();
  readonly #limits: Readonly<Record<AccessKind, number>>;
  readonly #maxWindows: number;

  constructor(
    limits: Readonly<Record<AccessKind, number>> = {
      read: LIMITS.readRequestsPerMinute,
      write: LIMITS.writeRequestsPerMinute,
    },
    maxWindows = MAX_WINDOWS,
  ) {
    this.#limits = limits;
    this.#maxWindows = maxWindows;
  }

  /** Windows held now. */
  get size(): number {
    return this.#windows.size;
  }

  /** Counts one request of `subject` at `nowMs` and says whether it may proceed. */
  hit(subject: string, access: AccessKind, nowMs: number): RateDecision {
    const start = nowMs - (nowMs % WINDOW_MS);
    let window = this.#windows.get(subject);
    if (window === undefined || window.start !== start) {
      if (window !== undefined) this.#windows.delete(subject);
      else if (this.#windows.size >= Math.min(10_000, this.#maxWindows)) this.#sweep(start);
      if (this.#windows.size >= this.#maxWindows) {
        this.#windows.delete(this.#windows.keys().next().value as string);
      }
      window = { start, read: 0, write: 0 };
      this.#windows.set(subject, window);
    }
    const limit = this.#limits[access];
    const used = window[access];
    const allowed = used < limit;
    if (allowed) window[access] = used + 1;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - window[access]),
      resetSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - nowMs) / 1000)),
    };
  }

  /**
   * The window `subject` is in at `nowMs`, as a request that is not counted sees it: for
   * answers the transport gives before the API runs (refusals of what is not a request
   * yet). Creates no window, so a flood of such answers holds no memory here; never refuses.
   */
  peek(subject: string, access: AccessKind, nowMs: number): RateDecision {
    const start = nowMs - (nowMs % WINDOW_MS);
    const window = this.#windows.get(subject);
    const limit = this.#limits[access];
    const used = window === undefined || window.start !== start ? 0 : window[access];
    return {
      allowed: true,
      limit,
      remaining: Math.max(0, limit - used),
      resetSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - nowMs) / 1000)),
    };
  }

  /** Forgets every window (scenario load and reset). */
  clear(): void {
    this.#windows.clear();
  }

  // Windows of past minutes are dead weight; drop them when the map grows.
  #sweep(currentStart: number): void {
    for (const [subject, window] of this.#windows) {
      if (window.start !== currentStart) this.#windows.delete(subject);
    }
  }
}
