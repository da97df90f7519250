import { unlink } from 'node:fs/promises';
import { fsyncDirectory, type WalFile } from './durable-fs';
import { type SnapshotToWrite, writeSnapshot } from './snapshot-file';
import type { StateLayout } from './state-layout';
import type { UnitGate } from './unit-gate';
import type { WalWriter } from './wal-writer';

/** Captures the state (inside the gate); the snapshot of `generation` is made of it once its lines are durable. */
export type Capture = (generation: number) => () => SnapshotToWrite;

/** What a compactor works with. */
export interface CompactorOptions {
  readonly layout: StateLayout;
  readonly gate: UnitGate;
  readonly writer: WalWriter;
  readonly capture: Capture;
  /** Opens (creating) write-ahead log `generation` for appends. */
  readonly openWal: (generation: number) => Promise<WalFile>;
  /** Generation of the write-ahead log being appended to. */
  readonly generation: number;
  /** Journal size that triggers a compaction, given the last snapshot's size. */
  readonly threshold: (snapshotBytes: number) => number;
  readonly snapshotBytes: number;
  readonly onError: (error: unknown) => void;
}

/**
 * Folds the write-ahead log into a new snapshot in the background. The state is captured while
 * no unit is half-way (gate) and the writer switches to a new write-ahead log at that very point,
 * so the snapshot holds exactly the lines before the switch. A crash at any step leaves a
 * loadable state: before the rename the old snapshot plus both write-ahead logs, after it the new
 * snapshot plus the new write-ahead log (older write-ahead logs are then deleted, or ignored on load).
 */
export class Compactor {
  readonly #options: CompactorOptions;
  #generation: number;
  #snapshotBytes: number;
  #running: Promise<void> | undefined;
  #stopped = false;
  #held = false;
  // Aborted by `stop`: the snapshot being made is given up (see `stop`).
  readonly #stopping = new AbortController();

  constructor(options: CompactorOptions) {
    this.#options = options;
    this.#generation = options.generation;
    this.#snapshotBytes = options.snapshotBytes;
  }

  /** Starts a compaction when the write-ahead log has grown past the threshold. */
  maybeCompact(walBytes: number): void {
    if (walBytes >= this.#options.threshold(this.#snapshotBytes)) this.compact();
  }

  /** Starts a compaction unless one is running or it was stopped; resolves when done. */
  compact(): Promise<void> {
    if (this.#stopped || this.#held) return this.#running ?? Promise.resolve();
    this.#running ??= this.#run()
      .catch(this.#options.onError)
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /**
   * Starts no compaction until {@link Compactor.release} (from this call on, synchronously);
   * resolves once the running one (if any) is done, failed or not.
   */
  async hold(): Promise<void> {
    this.#held = true;
    while (this.#running !== undefined) await this.#running;
  }

  /** Compactions start again (see {@link Compactor.hold}). */
  release(): void {
    this.#held = false;
  }

  /** Follows the files as a reload found them (after a failed write was recovered from). */
  resync(generation: number, snapshotBytes: number): void {
    this.#generation = generation;
    this.#snapshotBytes = snapshotBytes;
  }

  /**
   * Starts no more compactions; resolves once the running one (if any) is done, or given up
   * while its snapshot is still being made (seconds for a large state): the write-ahead logs
   * hold everything, and the old snapshot plus both logs load as they are.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stopping.abort();
    while (this.#running !== undefined) await this.#running;
  }

  async #run(): Promise<void> {
    const { layout, gate, writer, capture, openWal } = this.#options;
    const next = this.#generation + 1;
    let serialize!: () => SnapshotToWrite;
    let switched!: Promise<void>;
    let opening!: Promise<WalFile>;
    let adopted = false;
    await gate.exclusive(() => {
      serialize = capture(next);
      // Opened (and its directory entry fsynced) while the writer drains the current file,
      // not after: lines wait while the writer switches, and those two fsyncs in a row
      // were a stall of every order. An empty newer write-ahead log loads as such.
      opening = openWal(next);
      // Its failure is the rotation's (below); never an unhandled rejection meanwhile.
      opening.catch(() => {});
      switched = writer.rotate(() => {
        adopted = true;
        return opening;
      });
    });
    // Only a state whose lines are all durable becomes a snapshot: if a write before the
    // switch fails, the capture holds changes that were not acknowledged.
    try {
      await switched;
    } catch (error) {
      if (!adopted) await opening.then((file) => file.close()).catch(() => {});
      throw error;
    }
    // Appends go to write-ahead log `next` from here, whether or not the snapshot gets written.
    this.#generation = next;
    const snapshot = serialize();
    try {
      this.#snapshotBytes = await writeSnapshot(layout, snapshot, this.#stopping.signal);
    } catch (error) {
      if (error === this.#stopping.signal.reason) return;
      throw error;
    }
    for (const generation of await layout.wals()) {
      if (generation < next) await unlink(layout.wal(generation));
    }
    await fsyncDirectory(layout.directory);
  }
}
