/** A FIFO async mutex: one holder at a time, in arrival order. */
export class WriteLock {
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` once every earlier holder is done; resolves or rejects with its outcome. */
  run<T>(fn: () => T | Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
