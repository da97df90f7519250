import type { WalFile } from './durable-fs';
import { encodeLine } from './wal-line';

/** A write-ahead log line could not be made durable (the cause is the fs error, e.g. ENOSPC). */
export class WalWriteError extends Error {
  override name = 'WalWriteError';
  constructor(override readonly cause: unknown) {
    super(`cannot write the journal: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** A place in the write-ahead log, reserved in order and filled once its unit of work is done. */
export interface WalSlot {
  /** Settles once this line and every line before it are durable; rejects if writing failed. */
  readonly durable: Promise<void>;
}

interface Slot extends WalSlot {
  /** JSON members of the entry (without braces); undefined until filled. */
  body?: string;
  resolve(): void;
  reject(error: unknown): void;
}

interface Rotation {
  readonly open: () => Promise<WalFile>;
  resolve(): void;
  reject(error: unknown): void;
}

/** An open write-ahead log file and how many bytes it holds. */
export interface WalWriterOptions {
  readonly handle: WalFile;
  readonly bytes: number;
  /**
   * JSON members stamped on each line when it is written (in file order): the clock, and
   * anything else that is "current state at the last write". `first`: first line of a file.
   */
  readonly stamp: (first: boolean) => string;
  /** Called after each durable batch with the size of the current write-ahead log file. */
  readonly onFlushed?: (bytes: number) => void;
  /**
   * Called once when a write or fsync fails; every pending and later slot fails too (with a
   * {@link WalWriteError}) until {@link WalWriter.resume} succeeds.
   */
  readonly onError: (error: WalWriteError) => void;
}

function deferred(): { promise: Promise<void>; resolve(): void; reject(e: unknown): void } {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Not every slot is awaited (in-process admin calls are synchronous): never unhandled.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * Appends write-ahead log lines with group commit: lines are written in slot order, each batch of
 * ready lines with one write and one fdatasync, and a slot is durable only once every
 * earlier slot is. A slot reserved early holds back the lines after it until it is
 * filled, so the file order is the order in which changes happened.
 *
 * A failed write or fsync fails its batch and everything after it; the file keeps only
 * the durable lines (`bytes`): {@link WalWriter.resume} cuts off whatever the failed
 * write left and appends again only once a line of its own is durable.
 */
export class WalWriter {
  readonly #queue: Array<Slot | Rotation> = [];
  readonly #options: WalWriterOptions;
  #handle: WalFile;
  #bytes: number;
  #last: Slot | undefined;
  #scheduled = false;
  #failed: { error: WalWriteError } | undefined;

  constructor(options: WalWriterOptions) {
    this.#options = options;
    this.#handle = options.handle;
    this.#bytes = options.bytes;
  }

  /** Size of the current write-ahead log file in bytes (durable part). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Reserves the next place in the write-ahead log. */
  reserve(): WalSlot {
    const { promise, resolve, reject } = deferred();
    const slot: Slot = { durable: promise, resolve, reject };
    // While failed, a slot fails at once and is not "the last": what the server shows is
    // what is durable (the owner reloads it), so readers need not wait for this one.
    if (this.#failed) reject(this.#failed.error);
    else {
      this.#queue.push(slot);
      this.#last = slot;
    }
    return slot;
  }

  /** Fills a reserved slot with the JSON members of its entry ('' for none). */
  fill(slot: WalSlot, body: string): void {
    (slot as Slot).body = body;
    this.#schedule();
  }

  /** Reserves and fills at once. */
  append(body: string): WalSlot {
    const slot = this.reserve();
    this.fill(slot, body);
    return slot;
  }

  /** Settles once every slot reserved so far is durable. */
  flushed(): Promise<void> {
    return this.#last?.durable ?? Promise.resolve();
  }

  /**
   * Continues in the file `open` creates, after every slot reserved so far is written to
   * the current one. Resolves once the switch is done.
   */
  rotate(open: () => Promise<WalFile>): Promise<void> {
    const { promise, resolve, reject } = deferred();
    if (this.#failed) reject(this.#failed.error);
    else this.#queue.push({ open, resolve, reject });
    this.#schedule();
    return promise;
  }

  /** Whether a write failed and {@link WalWriter.resume} has not succeeded since. */
  get failed(): boolean {
    return this.#failed !== undefined;
  }

  /** Cuts the file back to its durable lines (what a failed write appended is dropped). */
  async discardUndurable(): Promise<void> {
    await this.#handle.truncate(this.#bytes);
  }

  /**
   * Continues in another file (a failed writer only: the owner reloaded the durable state
   * and reopened the write-ahead log at its end). Nothing written before is waited for any more.
   */
  async replaceFile(handle: WalFile, bytes: number): Promise<void> {
    if (!this.#failed) throw new Error('replaceFile: the journal writer has not failed');
    const old = this.#handle;
    this.#handle = handle;
    this.#bytes = bytes;
    this.#last = undefined;
    await old.close().catch(() => {});
  }

  /**
   * After a failure: drops what the failed write left, appends one line of `body` and
   * fsyncs it; once that is durable, appends go on. Throws (still failed) if it is not.
   */
  async resume(body = ''): Promise<void> {
    if (!this.#failed) return;
    await this.discardUndurable();
    const probe = { body } as Slot;
    try {
      await this.#write([probe]);
    } catch (error) {
      await this.discardUndurable().catch(() => {});
      throw new WalWriteError(error);
    }
    this.#failed = undefined;
    this.#last = undefined;
  }

  /** Waits for every filled slot to be written, then closes the file. */
  async close(): Promise<void> {
    while (this.#scheduled || this.#ready()) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.#handle.close();
  }

  #schedule(): void {
    if (this.#scheduled || this.#failed) return;
    this.#scheduled = true;
    // Deferred a turn so lines filled by concurrent requests share one write and fsync.
    setImmediate(() => {
      this.#drain().finally(() => {
        this.#scheduled = false;
        if (this.#ready()) this.#schedule();
      });
    });
  }

  #ready(): boolean {
    const head = this.#queue[0];
    return head !== undefined && (!('durable' in head) || head.body !== undefined);
  }

  async #drain(): Promise<void> {
    try {
      while (this.#ready()) {
        const head = this.#queue[0] as Slot | Rotation;
        if (!('durable' in head)) {
          this.#queue.shift();
          await this.#rotate(head);
          continue;
        }
        const batch: Slot[] = [];
        for (const item of this.#queue) {
          if (!('durable' in item) || item.body === undefined) break;
          batch.push(item);
        }
        this.#queue.splice(0, batch.length);
        try {
          await this.#write(batch);
        } catch (cause) {
          const error = new WalWriteError(cause);
          for (const slot of batch) slot.reject(error);
          throw error;
        }
        for (const slot of batch) slot.resolve();
        this.#options.onFlushed?.(this.#bytes);
      }
    } catch (error) {
      this.#fail(error instanceof WalWriteError ? error : new WalWriteError(error));
    }
  }

  async #write(batch: readonly Slot[]): Promise<void> {
    let text = '';
    for (const slot of batch) {
      const stamp = this.#options.stamp(this.#bytes === 0 && text === '');
      text += encodeLine(`{"v":1,${stamp}${slot.body === '' ? '' : `,${slot.body}`}}`);
    }
    const bytes = Buffer.from(text);
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await this.#handle.write(bytes, offset);
      offset += bytesWritten;
    }
    await this.#handle.datasync();
    this.#bytes += bytes.length;
  }

  async #rotate(rotation: Rotation): Promise<void> {
    try {
      const next = await rotation.open();
      await this.#handle.close();
      this.#handle = next;
      this.#bytes = 0;
      rotation.resolve();
    } catch (error) {
      rotation.reject(error);
      throw error;
    }
  }

  #fail(error: WalWriteError): void {
    if (this.#failed) return;
    this.#failed = { error };
    for (const item of this.#queue.splice(0)) item.reject(error);
    this.#options.onError(error);
  }
}
