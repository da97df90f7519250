/**
 * Admission of units of work (API requests, admin actions): any number run together, but
 * an exclusive task (a snapshot capture, a scenario load) waits until the running ones have
 * left and holds new ones back until it is done, so it sees no unit half-way.
 */
export class UnitGate {
  #active = 0;
  #idle: (() => void) | undefined;
  #closed: Promise<void> | undefined;
  #reopen: (() => void) | undefined;
  #pending = 0;
  #exclusiveTail: Promise<unknown> = Promise.resolve();

  /** Number of units inside. */
  get active(): number {
    return this.#active;
  }

  /** Admits a unit: undefined when it may start at once, else a promise of admission. */
  enter(): Promise<void> | undefined {
    if (this.#closed !== undefined) return this.#enterLater();
    this.#active++;
    return undefined;
  }

  /** A unit admitted by {@link UnitGate.enter} is done. */
  leave(): void {
    this.#active--;
    if (this.#active === 0) this.#idle?.();
  }

  /** Runs `task` alone, after the units inside have left; exclusive tasks queue in order. */
  exclusive<T>(task: () => T | Promise<T>): Promise<T> {
    // Closed from the request on, so a stream of new units cannot starve the task.
    if (this.#pending++ === 0) {
      this.#closed = new Promise<void>((resolve) => {
        this.#reopen = resolve;
      });
    }
    const run = this.#exclusiveTail
      .then(async () => {
        if (this.#active > 0) {
          await new Promise<void>((resolve) => {
            this.#idle = resolve;
          });
        }
        this.#idle = undefined;
        return task();
      })
      .finally(() => {
        if (--this.#pending > 0) return;
        const reopen = this.#reopen;
        this.#closed = undefined;
        reopen?.();
      });
    this.#exclusiveTail = run.catch(() => {});
    return run;
  }

  async #enterLater(): Promise<void> {
    while (this.#closed !== undefined) await this.#closed;
    this.#active++;
  }
}
