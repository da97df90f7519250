import type { FileHandle } from 'node:fs/promises';
import { encodeLine } from './journal-line';

/** A place in the journal, reserved in order and filled once its unit of work is done. */
export interface JournalSlot {
  /** Settles once this line and every line before it are durable; rejects if writing failed. */
  readonly durable: Promise<void>;
}

interface Slot extends JournalSlot {
  /** JSON members of the entry (without braces); undefined until filled. */
  body?: string;
  resolve(): void;
  reject(error: unknown): void;
}

interface Rotation {
  readonly open: () => Promise<FileHandle>;
  resolve(): void;
  reject(error: unknown): void;
}

/** An open journal file and how many bytes it holds. */
export interface JournalWriterOptions {
  readonly handle: FileHandle;
  readonly bytes: number;
  /**
   * JSON members stamped on each line when it is written (in file order): the clock, and
   * anything else that is "current state at the last write". `first`: first line of a file.
   */
  readonly stamp: (first: boolean) => string;
  /** Called after each durable batch with the size of the current journal file. */
  readonly onFlushed?: (bytes: number) => void;
  /** Called once when a write or fsync fails; every later slot fails too. */
  readonly onError: (error: unknown) => void;
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
 * Appends journal lines with group commit: lines are written in slot order, each batch of
 * ready lines with one write and one fdatasync, and a slot is durable only once every
 * earlier slot is. A slot reserved early holds back the lines after it until it is
 * filled, so the file order is the order in which changes happened.
 */
export class JournalWriter {
  readonly #queue: Array<Slot | Rotation> = [];
  readonly #options: JournalWriterOptions;
  #handle: FileHandle;
  #bytes: number;
  #last: Slot | undefined;
  #scheduled = false;
  #failed: { error: unknown } | undefined;

  constructor(options: JournalWriterOptions) {
    this.#options = options;
    this.#handle = options.handle;
    this.#bytes = options.bytes;
  }

  /** Size of the current journal file in bytes (durable part). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Reserves the next place in the journal. */
  reserve(): JournalSlot {
    const { promise, resolve, reject } = deferred();
    const slot: Slot = { durable: promise, resolve, reject };
    if (this.#failed) reject(this.#failed.error);
    else this.#queue.push(slot);
    this.#last = slot;
    return slot;
  }

  /** Fills a reserved slot with the JSON members of its entry ('' for none). */
  fill(slot: JournalSlot, body: string): void {
    (slot as Slot).body = body;
    this.#schedule();
  }

  /** Reserves and fills at once. */
  append(body: string): JournalSlot {
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
  rotate(open: () => Promise<FileHandle>): Promise<void> {
    const { promise, resolve, reject } = deferred();
    if (this.#failed) reject(this.#failed.error);
    else this.#queue.push({ open, resolve, reject });
    this.#schedule();
    return promise;
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
        } catch (error) {
          for (const slot of batch) slot.reject(error);
          throw error;
        }
        for (const slot of batch) slot.resolve();
        this.#options.onFlushed?.(this.#bytes);
      }
    } catch (error) {
      this.#fail(error);
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

  #fail(error: unknown): void {
    if (this.#failed) return;
    this.#failed = { error };
    for (const item of this.#queue.splice(0)) item.reject(error);
    this.#options.onError(error);
  }
}
