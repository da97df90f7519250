// The next holder waits for the outcome of the last, whichever it is (one function for
// every write: no closures per write).
const settled = (): void => undefined;

/** A FIFO async mutex: one holder at a time, in arrival order. */
export class WriteLock {
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` once every earlier holder is done; resolves or rejects with its outcome. */
  run<T>(fn: () => T | Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    this.#tail = result.then(settled, settled);
    return result;
  }
}
