import { DomainError } from './errors';

/** The server's clock: starts at a given instant, runs at real speed unless frozen, never goes back. */
export interface Clock {
  /** Current server time in epoch milliseconds. */
  nowMs(): number;
  /** Current server time. */
  now(): Date;
  /** Whether the clock is frozen. */
  readonly frozen: boolean;
  /** Moves the clock forward; a negative amount is refused. */
  advance(seconds: number): void;
  /** Jumps to an instant; an instant before the current time is refused. */
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

  const nowMs = () => (frozen ? anchorMs : anchorMs + Math.floor(elapsedMs() - anchorReal));
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
      reanchor(nowMs() + Math.round(seconds * 1000));
    },
    set(epochMs) {
      if (!Number.isFinite(epochMs)) throw new DomainError(400, 'invalid_body: now');
      const current = nowMs();
      if (epochMs < current) throw new DomainError(400, 'clock_backwards');
      reanchor(epochMs);
    },
    freeze(value) {
      reanchor(nowMs());
      frozen = value;
    },
    restart(epochMs, value) {
      reanchor(epochMs);
      frozen = value;
    },
  };
}
