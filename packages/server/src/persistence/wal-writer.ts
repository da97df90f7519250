// node's own setImmediate, not the global one a test suite's fake timers replace
// (vi.useFakeTimers): a durable write must not wait for the suite to advance them.
import { setImmediate } from 'node:timers';
import type { WalFile } from './durable-fs';
import { encodeLine } from './wal-line';

/**
 * A write-ahead log line could not be made durable: the cause is the fs error (e.g. ENOSPC),
 * or, with `unencodable`, what was thrown while the line was being serialized (a bug, not
 * the disk; the line never reached the file).
 */
export class WalWriteError extends Error {
  override name = 'WalWriteError';
  constructor(
    override readonly cause: unknown,
    readonly unencodable = false,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`cannot ${unencodable ? 'encode a line of' : 'write'} the journal: ${reason}`);
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
  /** Failed with the writer before it was written: it counts against no cap. */
  lost?: boolean;
  resolve(): void;
  reject(error: unknown): void;
}

interface Rotation {
  readonly open: () => Promise<WalFile>;
  resolve(): void;
  reject(error: unknown): void;
}

/** Lines written to the file (page cache), waiting for an fsync that covers them. */
interface Written {
  readonly slots: readonly Slot[];
  /** File offset right after the batch: an fsync started once it was written covers it. */
  readonly end: number;
  /** Body bytes the batch counts against the cap on queued bytes. */
  readonly queued: number;
}

/** An fsync in flight: everything written before it started (`target` bytes) is durable when it succeeds. */
interface Sync {
  readonly target: number;
  outcome?: { readonly error?: unknown };
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
  /**
   * Filled lines not yet durable, in bytes, above which {@link WalWriter.room} holds new units
   * of work back (default 8 MiB): a stalled disk slows writers down instead of growing memory.
   */
  readonly maxQueuedBytes?: number;
  /**
   * The files were opened with `O_DSYNC` (`openWal`): a write returns once its lines are
   * durable, so no fsync follows it. One trip through the thread pool a batch instead of two,
   * each ~15 µs of the event loop's time on the bench machine.
   */
  readonly durableWrites?: boolean;
}

const DEFAULT_MAX_QUEUED_BYTES = 8 * 1024 * 1024;

// At most two fsyncs in flight: a line written while one runs starts its own at once instead
// of waiting a whole fsync for its turn (the wait was most of a durable order's latency),
// while a third would only queue behind the same journal commit in the kernel.
const SYNCS_IN_FLIGHT = 2;

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

const isSlot = (item: Slot | Rotation): item is Slot => 'durable' in item;

/**
 * Appends write-ahead log lines with pipelined group commit, in slot order: the lines filled
 * by the time the file is free go out in one write, and every write is followed by an fsync
 * covering all lines written so far. Writes and fsyncs overlap (a batch is written, and its
 * fsync started, while the previous batch's fsync runs), but acknowledgements do not: a slot
 * is durable only once every fsync started before its own has succeeded, so slots settle in
 * file order and a failed fsync (whose error the kernel reports to one caller only) fails
 * every line after the last acknowledged one. A slot reserved early holds back the lines after
 * it until it is filled, so the file order is the order in which changes happened. With
 * `durableWrites` (O_DSYNC) a write is its own fsync: a batch is durable once it is written.
 *
 * A failed write or fsync fails everything not yet durable; the file keeps only the durable
 * lines (`bytes`): {@link WalWriter.resume} cuts off whatever the failed writes left and
 * appends again only once a line of its own is durable.
 */
export class WalWriter {
  readonly #queue: Array<Slot | Rotation> = [];
  readonly #written: Written[] = [];
  readonly #syncs: Sync[] = [];
  /** Writes, fsyncs and rotations under way: what must settle before the file is cut or closed. */
  readonly #inFlight = new Set<Promise<void>>();
  readonly #options: WalWriterOptions;
  readonly #maxQueued: number;
  #handle: WalFile;
  /** Durable bytes of the current file. */
  #bytes: number;
  /** Bytes the writes so far put in the current file, durable or not. */
  #end: number;
  /** File offset the last fsync started covers. */
  #syncTarget: number;
  #writing: Slot[] | undefined;
  #rotating = false;
  #last: Slot | undefined;
  #scheduled = false;
  #failed: { error: WalWriteError } | undefined;
  /** Bumped on failure: what an operation started before it finds on completion is void. */
  #epoch = 0;
  #queuedBytes = 0;
  #roomWaiters: Array<() => void> = [];

  constructor(options: WalWriterOptions) {
    this.#options = options;
    this.#maxQueued = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.#handle = options.handle;
    this.#bytes = options.bytes;
    this.#end = options.bytes;
    this.#syncTarget = options.bytes;
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
    if (this.#failed) {
      slot.lost = true;
      reject(this.#failed.error);
    } else {
      this.#queue.push(slot);
      this.#last = slot;
    }
    return slot;
  }

  /** Fills a reserved slot with the JSON members of its entry ('' for none). */
  fill(slot: WalSlot, body: string): void {
    const own = slot as Slot;
    own.body = body;
    if (!this.#failed && !own.lost) this.#queuedBytes += body.length;
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
   * Undefined while the lines filled and not yet durable stay under the cap, else a promise
   * that resolves once they are back under it (or the writer failed: then nothing waits).
   */
  room(): Promise<void> | undefined {
    if (this.#queuedBytes < this.#maxQueued || this.#failed) return undefined;
    return new Promise((resolve) => this.#roomWaiters.push(resolve));
  }

  /**
   * Continues in the file `open` creates, after every slot reserved so far is durable in
   * the current one. Resolves once the switch is done.
   */
  rotate(open: () => Promise<WalFile>): Promise<void> {
    const { promise, resolve, reject } = deferred();
    if (this.#failed) reject(this.#failed.error);
    else this.#queue.push({ open, resolve, reject });
    this.#schedule();
    return promise;
  }

  /**
   * Fails as a refused write does, for a line that could not be encoded (`cause` was thrown
   * while serializing a change already made in memory): no line not yet durable may be
   * acknowledged any more (the later ones may build on that change), and `onError` is told,
   * so the owner loads the durable state back as after a write failure.
   */
  fail(cause: unknown): void {
    this.#fail(new WalWriteError(cause, true));
  }

  /** Whether a write failed and {@link WalWriter.resume} has not succeeded since. */
  get failed(): boolean {
    return this.#failed !== undefined;
  }

  /** Cuts the file back to its durable lines (what a failed write appended is dropped). */
  async discardUndurable(): Promise<void> {
    await this.#settled();
    await this.#handle.truncate(this.#bytes);
    this.#end = this.#bytes;
    this.#syncTarget = this.#bytes;
  }

  /**
   * Continues in another file (a failed writer only: the owner reloaded the durable state
   * and reopened the write-ahead log at its end). Nothing written before is waited for any more.
   */
  async replaceFile(handle: WalFile, bytes: number): Promise<void> {
    if (!this.#failed) throw new Error('replaceFile: the journal writer has not failed');
    await this.#settled();
    const old = this.#handle;
    this.#handle = handle;
    this.#bytes = bytes;
    this.#end = bytes;
    this.#syncTarget = bytes;
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
    try {
      const bytes = this.#encode([{ body } as Slot]);
      await this.#writeAll(bytes);
      if (!this.#options.durableWrites) await this.#handle.datasync();
      this.#bytes += bytes.length;
      this.#end = this.#bytes;
      this.#syncTarget = this.#bytes;
    } catch (error) {
      await this.discardUndurable().catch(() => {});
      throw new WalWriteError(error);
    }
    this.#failed = undefined;
    this.#last = undefined;
  }

  /** Waits for every filled slot to be written and made durable, then closes the file. */
  async close(): Promise<void> {
    while (this.#scheduled || this.#ready() || this.#inFlight.size > 0) {
      await this.#settled();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.#handle.close();
  }

  #schedule(): void {
    if (this.#scheduled || this.#failed) return;
    this.#scheduled = true;
    // Deferred a turn so lines filled by concurrent requests share one write and fsync.
    setImmediate(() => {
      this.#scheduled = false;
      this.#pump();
    });
  }

  #ready(): boolean {
    const head = this.#queue[0];
    return head !== undefined && (!isSlot(head) || head.body !== undefined);
  }

  /** Starts whatever can start now: the next write or rotation, and an fsync. */
  #pump(): void {
    if (this.#failed || this.#rotating) return;
    const head = this.#queue[0];
    if (head !== undefined && !isSlot(head)) {
      // The file switches only once everything written to it is durable.
      const drained = !this.#writing && this.#written.length === 0 && this.#syncs.length === 0;
      if (drained) {
        this.#queue.shift();
        this.#rotate(head);
        return;
      }
    } else if (this.#writing === undefined && this.#ready()) {
      this.#write();
    }
    this.#sync();
  }

  #write(): void {
    const batch: Slot[] = [];
    for (const item of this.#queue) {
      if (!isSlot(item) || item.body === undefined) break;
      batch.push(item);
    }
    this.#queue.splice(0, batch.length);
    this.#writing = batch;
    const queued = batch.reduce((sum, slot) => sum + (slot.body as string).length, 0);
    let bytes: Buffer;
    try {
      bytes = this.#encode(batch);
    } catch (error) {
      // A stamp or a line that cannot be serialized: nothing reached the file, and the batch
      // fails as a refused write does (thrown here, it would end the process).
      this.#fail(new WalWriteError(error, true));
      return;
    }
    const epoch = this.#epoch;
    this.#track(
      this.#writeAll(bytes).then(
        () => {
          if (epoch !== this.#epoch) return;
          this.#writing = undefined;
          this.#end += bytes.length;
          this.#written.push({ slots: batch, end: this.#end, queued });
          this.#pump();
        },
        (error: unknown) => {
          if (epoch === this.#epoch) this.#fail(new WalWriteError(error));
        },
      ),
    );
  }

  #sync(): void {
    // A failed writer starts no fsync: one would count lines that failed as durable.
    if (this.#failed) return;
    if (this.#end <= this.#syncTarget || this.#syncs.length >= SYNCS_IN_FLIGHT) return;
    const sync: Sync = { target: this.#end };
    this.#syncTarget = this.#end;
    this.#syncs.push(sync);
    if (this.#options.durableWrites) {
      // What was written is durable already (O_DSYNC).
      sync.outcome = {};
      this.#settleSyncs();
      return;
    }
    const epoch = this.#epoch;
    this.#track(
      this.#handle.datasync().then(
        () => {
          sync.outcome = {};
          if (epoch === this.#epoch) this.#settleSyncs();
        },
        (error: unknown) => {
          sync.outcome = { error };
          if (epoch === this.#epoch) this.#settleSyncs();
        },
      ),
    );
  }

  // In the order they started: a later fsync's success says nothing about lines whose write
  // error an earlier one is still to report.
  #settleSyncs(): void {
    let flushed = false;
    for (let sync = this.#syncs[0]; sync?.outcome !== undefined; sync = this.#syncs[0]) {
      this.#syncs.shift();
      if (sync.outcome.error !== undefined) {
        this.#fail(new WalWriteError(sync.outcome.error));
        return;
      }
      this.#bytes = sync.target;
      for (let batch = this.#written[0]; batch !== undefined; batch = this.#written[0]) {
        if (batch.end > sync.target) break;
        this.#written.shift();
        this.#release(batch.queued);
        for (const slot of batch.slots) slot.resolve();
      }
      flushed = true;
    }
    if (flushed) this.#options.onFlushed?.(this.#bytes);
    this.#pump();
  }

  #rotate(rotation: Rotation): void {
    this.#rotating = true;
    const run = async () => {
      try {
        const next = await rotation.open();
        await this.#handle.close();
        this.#handle = next;
        this.#bytes = 0;
        this.#end = 0;
        this.#syncTarget = 0;
      } catch (error) {
        this.#rotating = false;
        rotation.reject(error);
        this.#fail(new WalWriteError(error));
        return;
      }
      this.#rotating = false;
      rotation.resolve();
      this.#pump();
    };
    this.#track(run());
  }

  #encode(batch: readonly Slot[]): Buffer {
    let text = '';
    for (const slot of batch) {
      const stamp = this.#options.stamp(this.#end === 0 && text === '');
      text += encodeLine(`{"v":1,${stamp}${slot.body === '' ? '' : `,${slot.body}`}}`);
    }
    return Buffer.from(text);
  }

  // Through the thread pool, never writeSync: an append can wait on the inode or the
  // filesystem journal while an fsync of the same file runs (profiled: ~0.3 ms a batch on a
  // busy host), and the event loop must not. The write overlaps the fsync in flight anyway.
  async #writeAll(bytes: Buffer): Promise<void> {
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await this.#handle.write(bytes, offset);
      offset += bytesWritten;
    }
  }

  #track(operation: Promise<void>): void {
    const tracked: Promise<void> = operation
      .catch(() => {})
      .finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  /** Resolves once no write, fsync or rotation is under way. */
  async #settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
  }

  #release(bytes: number): void {
    this.#queuedBytes -= bytes;
    if (this.#queuedBytes >= this.#maxQueued) return;
    for (const wake of this.#roomWaiters.splice(0)) wake();
  }

  #fail(error: WalWriteError): void {
    if (this.#failed) return;
    this.#failed = { error };
    this.#epoch++;
    const lost = [
      ...(this.#writing ?? []),
      ...this.#written.flatMap((batch) => batch.slots),
      ...this.#queue.splice(0),
    ];
    this.#writing = undefined;
    this.#written.length = 0;
    this.#syncs.length = 0;
    this.#queuedBytes = 0;
    for (const item of lost) {
      if (isSlot(item)) item.lost = true;
      item.reject(error);
    }
    // Memory may hold a change that no durable line has (a line that could not be encoded
    // reserved no slot yet): `flushed()` fails until the owner has loaded the durable state
    // back and continues in its file ({@link WalWriter.replaceFile}) or writes resume.
    const { promise, resolve, reject } = deferred();
    reject(error);
    this.#last = { durable: promise, resolve, reject, lost: true };
    for (const wake of this.#roomWaiters.splice(0)) wake();
    this.#options.onError(error);
  }
}
