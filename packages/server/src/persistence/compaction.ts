import { unlink } from 'node:fs/promises';
import { fsyncDirectory, type JournalFile } from './durable-fs';
import type { JournalWriter } from './journal-writer';
import { type Snapshot, writeSnapshot } from './snapshot-file';
import type { StateLayout } from './state-layout';
import type { UnitGate } from './unit-gate';

/** A captured state, serialized later (outside the gate) into a snapshot of `generation`. */
export type Capture = (generation: number) => () => Snapshot;

/** What a compactor works with. */
export interface CompactorOptions {
  readonly layout: StateLayout;
  readonly gate: UnitGate;
  readonly writer: JournalWriter;
  readonly capture: Capture;
  /** Opens (creating) journal `generation` for appends. */
  readonly openJournal: (generation: number) => Promise<JournalFile>;
  /** Generation of the journal being appended to. */
  readonly generation: number;
  /** Journal size that triggers a compaction, given the last snapshot's size. */
  readonly threshold: (snapshotBytes: number) => number;
  readonly snapshotBytes: number;
  readonly onError: (error: unknown) => void;
}

/**
 * Folds the journal into a new snapshot in the background. The state is captured while
 * no unit is half-way (gate) and the writer switches to a new journal at that very point,
 * so the snapshot holds exactly the lines before the switch. A crash at any step leaves a
 * loadable state: before the rename the old snapshot plus both journals, after it the new
 * snapshot plus the new journal (older journals are then deleted, or ignored on load).
 */
export class Compactor {
  readonly #options: CompactorOptions;
  #generation: number;
  #snapshotBytes: number;
  #running: Promise<void> | undefined;
  #stopped = false;
  #held = false;

  constructor(options: CompactorOptions) {
    this.#options = options;
    this.#generation = options.generation;
    this.#snapshotBytes = options.snapshotBytes;
  }

  /** Starts a compaction when the journal has grown past the threshold. */
  maybeCompact(journalBytes: number): void {
    if (journalBytes >= this.#options.threshold(this.#snapshotBytes)) this.compact();
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

  /** Starts no more compactions; resolves once the running one (if any) is done. */
  async stop(): Promise<void> {
    this.#stopped = true;
    while (this.#running !== undefined) await this.#running;
  }

  async #run(): Promise<void> {
    const { layout, gate, writer, capture, openJournal } = this.#options;
    const next = this.#generation + 1;
    let serialize!: () => Snapshot;
    let switched!: Promise<void>;
    await gate.exclusive(() => {
      serialize = capture(next);
      switched = writer.rotate(() => openJournal(next));
    });
    // Only a state whose lines are all durable becomes a snapshot: if a write before the
    // switch fails, the capture holds changes that were not acknowledged.
    await switched;
    // Appends go to journal `next` from here, whether or not the snapshot gets written.
    this.#generation = next;
    const snapshot = serialize();
    await writeSnapshot(layout, snapshot);
    this.#snapshotBytes = Buffer.byteLength(snapshot.state);
    for (const generation of await layout.journals()) {
      if (generation < next) await unlink(layout.journal(generation));
    }
    await fsyncDirectory(layout.directory);
  }
}
