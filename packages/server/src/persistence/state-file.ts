import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Admin } from '../control-plane';
import type { AttachDurability, DurableParts, DurableState } from '../durability';
import { BaseScenario } from './base-scenario';
import { type Capture, Compactor } from './compaction';
import { readControls } from './controls';
import { durableAdmin } from './durable-admin';
import { createStamper } from './journal-entry';
import { JournalWriter } from './journal-writer';
import { recordEntry } from './record-entry';
import { openJournal, recover } from './recover';
import { writeSnapshot } from './snapshot-file';
import { StateFileError } from './state-file-error';
import { type StateLayout, stateLayout } from './state-layout';
import { UnitGate } from './unit-gate';
import { UnitTracker } from './unit-tracker';

/** Where and how to keep the state. */
export interface StateFileOptions {
  readonly path: string;
  /**
   * Journal size that starts a compaction. Default 1 MiB, or an eighth of the last snapshot
   * when that is more: replaying a journal costs more per byte than loading a snapshot, so
   * this bounds the load time, while compactions stay O(1) per write on average.
   */
  readonly compactBytes?: number;
  /** Told about recoverable surprises (a torn last journal line that was dropped). */
  readonly onWarning: (message: string) => void;
}

const DEFAULT_COMPACT_BYTES = 1024 * 1024;

/** Durable state in a snapshot file plus an append-only journal beside it. */
export function attachStateFile(options: StateFileOptions): AttachDurability {
  return (parts) => new StateFile(parts, options);
}

class StateFile implements DurableState {
  readonly ready: Promise<void>;
  readonly admin: Admin;
  readonly #parts: DurableParts;
  readonly #options: StateFileOptions;
  readonly #layout: StateLayout;
  #base: BaseScenario;
  #units: UnitTracker | undefined;
  #writer: JournalWriter | undefined;
  #compactor: Compactor | undefined;

  constructor(parts: DurableParts, options: StateFileOptions) {
    this.#parts = parts;
    this.#options = options;
    this.#layout = stateLayout(resolve(options.path));
    this.#base = BaseScenario.of(parts.scenario, parts.startOverride);
    this.admin = durableAdmin(parts.control.admin, () => this.#units);
    this.ready = this.#open();
  }

  unit<T>(fn: () => Promise<T>): Promise<T> {
    return this.#units === undefined ? fn() : this.#units.run(fn);
  }

  flush(): Promise<void> {
    return this.#writer?.flushed() ?? Promise.resolve();
  }

  async close(): Promise<void> {
    await this.#compactor?.stop();
    await this.#writer?.close();
  }

  async #open(): Promise<void> {
    const { ctx, control, scenario, startOverride } = this.#parts;
    const layout = this.#layout;
    try {
      await mkdir(layout.directory, { recursive: true });
      await rm(layout.temp, { force: true });
    } catch (error) {
      throw new StateFileError(`cannot use ${layout.snapshot}: ${(error as Error).message}`);
    }
    const recovered = await recover(layout, { ctx, control }, this.#options.onWarning);
    let generation = 1;
    let snapshotBytes: number;
    let journal: Awaited<ReturnType<typeof openJournal>>;
    let journalBytes = 0;
    if (recovered === undefined) {
      await control.initialize(scenario, startOverride);
      const snapshot = this.#capture(generation)();
      await writeSnapshot(layout, snapshot);
      snapshotBytes = Buffer.byteLength(snapshot.state);
      journal = await openJournal(layout, generation);
    } else {
      ({ generation, journal, journalBytes, snapshotBytes } = recovered);
      this.#base = recovered.base;
    }
    const writer = new JournalWriter({
      handle: journal,
      bytes: journalBytes,
      stamp: createStamper(ctx),
      onFlushed: (bytes) => this.#compactor?.maybeCompact(bytes),
      onError: (error) =>
        ctx.onError(new StateFileError(`cannot write the journal: ${(error as Error).message}`)),
    });
    const gate = new UnitGate();
    const compactBytes = this.#options.compactBytes ?? DEFAULT_COMPACT_BYTES;
    this.#compactor = new Compactor({
      layout,
      gate,
      writer,
      capture: this.#capture,
      generation,
      snapshotBytes,
      threshold: (bytes) => Math.max(compactBytes, Math.ceil(bytes / 8)),
      onError: (error) =>
        ctx.onError(new StateFileError(`compaction failed: ${(error as Error).message}`)),
    });
    this.#writer = writer;
    this.#units = new UnitTracker(writer, gate);
    this.#follow(this.#units, this.#compactor);
  }

  // Every change source of the server, recorded into the unit of work it happened in.
  #follow(units: UnitTracker, compactor: Compactor): void {
    const { ctx, control } = this.#parts;
    ctx.store.onCommit(({ changes, replaced }) => {
      const entries = changes.map((change, i) => recordEntry(change, replaced[i]));
      units.record({ commit: JSON.stringify(entries) });
    });
    ctx.idempotency.onComplete((entry) => units.record({ idempotency: JSON.stringify(entry) }));
    ctx.extensions.onChange((name, change) =>
      units.record({ extension: JSON.stringify([name, change]) }),
    );
    control.onApply(({ scenario, startMs, reset }) => {
      if (!reset) this.#base = BaseScenario.of(scenario);
      const members = reset ? '"reset":true' : `"scenario":${this.#base.text}`;
      units.record({ scenario: `${members},"start":${startMs}` });
      // Everything before is superseded: fold it away rather than replay it on every start.
      void compactor.compact();
    });
  }

  // Captures the state now (synchronously, inside the gate); serializing happens later,
  // outside it: exported documents share only immutable records with the live state.
  readonly #capture: Capture = (generation) => {
    const { ctx, control } = this.#parts;
    const state = control.admin.state();
    const wallMs = Date.now();
    const controls = readControls(ctx);
    const base = this.#base;
    return () => ({
      generation,
      wallMs,
      controls,
      state: JSON.stringify(state),
      base: base.text,
      ...(base.startOverride === undefined ? {} : { baseStartMs: base.startOverride }),
    });
  };
}
