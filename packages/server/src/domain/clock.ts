import { DomainError } from './errors';

/**
 * The clock's last instant, 9989-12-31T23:59:59.999Z: a term it starts (a plan sells periods
 * of at most 120 months) still ends by 9999-12-31, the last date an API date-time can state,
 * so every record it stamps is one the API can answer and a state file can load again.
 */
export const LAST_CLOCK_MS = Date.UTC(9989, 11, 31, 23, 59, 59, 999);

/**
 * The clock's first instant, 0000-01-01T00:00:00.000Z: the first an API date-time (a
 * four-digit year) can state.
 */
export const FIRST_CLOCK_MS = Date.parse('0000-01-01T00:00:00.000Z');

/** {@link LAST_CLOCK_MS} as the API states it. */
export const LAST_CLOCK_TIME = new Date(LAST_CLOCK_MS).toISOString();

/**
 * The server's clock: starts at a given instant, runs at real speed unless frozen, never goes
 * back, and stops at {@link LAST_CLOCK_MS}.
 */
export interface Clock {
  /** Current server time in epoch milliseconds. */
  nowMs(): number;
  /** Current server time. */
  now(): Date;
  /** Whether the clock is frozen. */
  readonly frozen: boolean;
  /** Moves the clock forward; a negative amount, or one past its last instant, is refused. */
  advance(seconds: number): void;
  /** Jumps to an instant; one before the current time, or past the last, is refused. */
  set(epochMs: number): void;
  /** Freezes (true) or unfreezes (false) the clock at its current time. */
  freeze(frozen: boolean): void;
  /** Starts over at any instant, backwards included (scenario loads and resets only). */
  restart(epochMs: number, frozen: boolean): void;
}

/**
 * Creates a clock starting at `startMs`. `elapsedMs` is a monotonic source of real
 * elapsed time (injectable for tests).
 */
export function createClock(
  startMs: number,
  elapsedMs: () => number = () => performance.now(),
): Clock {
  // Server time = anchor + real time elapsed since the anchor was taken (unless frozen).
  let anchorMs = startMs;
  let anchorReal = elapsedMs();
  let frozen = false;

  const nowMs = () =>
    frozen ? anchorMs : Math.min(anchorMs + Math.floor(elapsedMs() - anchorReal), LAST_CLOCK_MS);
  const moveTo = (ms: number) => {
    if (ms > LAST_CLOCK_MS) throw new DomainError(409, 'clock_limit_reached');
    reanchor(ms);
  };
  const reanchor = (ms: number) => {
    anchorMs = ms;
    anchorReal = elapsedMs();
  };

  return {
    nowMs,
    now: () => new Date(nowMs()),
    get frozen() {
      return frozen;
    },
    advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) {
        throw new DomainError(400, 'invalid_body: advance_seconds');
      }
      moveTo(nowMs() + Math.round(seconds * 1000));
    },
    set(epochMs) {
      if (!Number.isFinite(epochMs)) throw new DomainError(400, 'invalid_body: now');
      const current = nowMs();
      if (epochMs < current) throw new DomainError(400, 'clock_backwards');
      moveTo(epochMs);
    },
    freeze(value) {
      // As POST /__admin/clock takes it; `freeze('yes')` from JavaScript had been kept, and
      // GET /__admin/state then no longer round-tripped through POST /__admin/scenario.
      if (typeof value !== 'boolean') throw new DomainError(400, 'invalid_body: frozen');
      reanchor(nowMs());
      frozen = value;
    },
    restart(epochMs, value) {
      reanchor(Math.min(epochMs, LAST_CLOCK_MS));
      frozen = value;
    },
  };
}
