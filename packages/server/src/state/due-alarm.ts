import { catchUpIfDue } from './catch-up';
import type { ServerContext } from './server-context';

// setTimeout's longest delay; a due time further off is reached in steps.
const LONGEST_DELAY_MS = 2 ** 31 - 1;
// While nothing due can be applied (the state file refuses writes), how often to try again.
const RETRY_MS = 1_000;

/**
 * Applies due events the moment they fall due on a running clock, not only when the next
 * request notices them: the request journal's stream, the console and the state file show
 * what time did as it happens. A served server keeps one per state (`listen`); in process, a
 * test suite's fake timers would run it, and every request and admin call applies what is due
 * before it answers anyway.
 */
export class DueAlarm {
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** The due time the timer is set for. */
  #armedMs = Number.NaN;
  #running = false;

  constructor(private readonly ctx: ServerContext) {}

  /** Starts following the next due time. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.ctx.time.onNextDue(() => this.#arm());
    this.#arm();
  }

  /** Stops the timer for good (a closed server, a deleted space). */
  stop(): void {
    this.#running = false;
    this.ctx.time.onNextDue(() => {});
    this.#clear();
  }

  // Set for the next due time, if the clock runs; called whenever that time may have moved.
  #arm(delayMs?: number): void {
    const { clock, time } = this.ctx;
    const dueMs = time.nextDueMs;
    if (!this.#running || clock.frozen || dueMs === Number.POSITIVE_INFINITY) {
      this.#clear();
      return;
    }
    if (this.#timer !== undefined && this.#armedMs === dueMs && delayMs === undefined) return;
    this.#clear();
    this.#armedMs = dueMs;
    const untilDue = Math.min(Math.max(dueMs - clock.nowMs(), 0), LONGEST_DELAY_MS);
    this.#timer = setTimeout(() => this.#ring(), delayMs ?? untilDue);
    // Never what keeps a process alive.
    this.#timer.unref?.();
  }

  #ring(): void {
    this.#timer = undefined;
    this.#armedMs = Number.NaN;
    // Not before the state is loaded (or, with a state file, recovered), as for a request.
    const { pending } = this.ctx;
    if (pending !== null) {
      pending.then(
        () => this.#ring(),
        () => this.stop(),
      );
      return;
    }
    const applying = catchUpIfDue(this.ctx);
    if (applying === undefined) {
      this.#arm();
      return;
    }
    applying.then(
      () => this.#armAfterCatchUp(),
      (error: unknown) => {
        this.ctx.onError(error);
        this.#armAfterCatchUp();
      },
    );
  }

  // What is still due could not be applied (an outage of the state file): try again later.
  #armAfterCatchUp(): void {
    const stillDue = this.ctx.clock.nowMs() >= this.ctx.time.nextDueMs;
    this.#arm(stillDue ? RETRY_MS : undefined);
  }

  #clear(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#armedMs = Number.NaN;
  }
}
