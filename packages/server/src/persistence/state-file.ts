import { mkdir, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DomainError } from '../domain/errors';
import type { Admin } from '../state/control-plane';
import { createStamper } from '../state/wal-entry';
import { BaseScenario } from './base-scenario';
import { type Capture, Compactor } from './compaction';
import { durableAdmin } from './durable-admin';
import { WAL_WRITES_DURABLE, type WalFile } from './durable-fs';
import type { AttachDurability, DurableParts, DurableState } from './durable-parts';
import { openWal, recover } from './recover';
import { writeSnapshot } from './snapshot-file';
import { StateFileError } from './state-file-error';
import { type StateLayout, stateLayout } from './state-layout';
import { UnitGate } from './unit-gate';
import { UnitTracker } from './unit-tracker';
import { WalWriteError, WalWriter } from './wal-writer';

/** Where and how to keep the state. */
export interface StateFileOptions {
  readonly path: string;
  /**
   * Journal size that starts a compaction. Default 4 MiB, or half the last snapshot when that
   * is more: compactions stay O(1) per write on average (each byte of the log is written
   * into about two snapshots), and as a log replays at about a third of a snapshot's speed
   * (87 MB of snapshot 1.5 s, 35 MB of log 1.8 s), a start after a crash takes at most ~2.5×
   * the snapshot's load. With an eighth, compaction (capture and checksum) was ~11% of a
   * durable order's CPU in a profile (28 of 244 µs); with half, ~6% (12 of 215 µs).
   */
  readonly compactBytes?: number;
  /**
   * Told about recoverable surprises, one line each: a torn last write-ahead log line that was
   * dropped, the write-ahead log refusing writes (a full disk) and accepting them again.
   */
  readonly onWarning: (message: string) => void;
  /** How often to try writing again while the write-ahead log refuses writes. Default 1 s. */
  readonly retryMs?: number;
  /** Wraps every write-ahead log file opened (tests make writes fail here, as on a full disk). */
  readonly walFile?: (file: WalFile) => WalFile;
}

// Each compaction serializes the whole state on the event loop: at 1 MiB a state of a few
// thousand orders was rewritten every ~450 orders, which cost the write path more than its
// fsyncs (bench `state`: 0.47 of in-memory). 4 MiB of write-ahead log (~1,700 orders) replayed in ~0.6 s on load on a busy 2-core machine.
const DEFAULT_COMPACT_BYTES = 4 * 1024 * 1024;
const DEFAULT_RETRY_MS = 1000;

const unavailable = (retryMs: number) =>
  new DomainError(503, 'state_unavailable', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryMs / 1000))) },
  });

/** Durable state in a snapshot file plus an append-only write-ahead log beside it. */
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
  #writer: WalWriter | undefined;
  #compactor: Compactor | undefined;
  #gate: UnitGate | undefined;
  /** Set while the write-ahead log refuses writes: mutations are refused, reads go on. */
  #outage: Promise<void> | undefined;
  /** Set while the durable state is being loaded back: nothing it replays is logged again. */
  #reloading = false;
  #closed = false;

  constructor(parts: DurableParts, options: StateFileOptions) {
    this.#parts = parts;
    this.#options = options;
    this.#layout = stateLayout(resolve(options.path));
    this.#base = BaseScenario.of(parts.scenario, parts.startOverride);
    this.admin = durableAdmin(
      parts.control.admin,
      () => this.#units,
      () => this.checkWritable(),
      () => this.#unavailable(),
    );
    this.ready = this.#open();
  }

  unit<T>(fn: () => Promise<T>, access: 'read' | 'write' = 'write'): Promise<T> {
    if (this.#units === undefined) return fn();
    // A unit whose line could not be made durable was not acknowledged: 503, and the
    // outage handling puts the durable state back in memory.
    return this.#units.run(fn, access).catch((error: unknown) => {
      throw error instanceof WalWriteError ? this.#unavailable() : error;
    });
  }

  flush(): Promise<void> {
    // While the durable state is being loaded back (after a failed write), memory holds it
    // only in part (the snapshot before the journal's lines): nothing read from it now may
    // be answered. The admin API reads outside the gate that holds requests back meanwhile.
    if (this.#reloading) return Promise.reject(this.#unavailable());
    const flushed = this.#writer?.flushed() ?? Promise.resolve();
    return flushed.catch((error: unknown) => {
      throw error instanceof WalWriteError ? this.#unavailable() : error;
    });
  }

  checkWritable(): void {
    if (this.#outage !== undefined) throw this.#unavailable();
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#compactor?.stop();
    await this.#outage;
    await this.#writer?.close();
  }

  #unavailable(): DomainError {
    return unavailable(this.#options.retryMs ?? DEFAULT_RETRY_MS);
  }

  /**
   * The write-ahead log refused a write, or a line could not be encoded. Writes are refused
   * from now on; the durable state is loaded back into memory (so it shows nothing that was
   * not made durable, and reads go on); then a line is tried every `retryMs` until the disk
   * takes it, and writes resume.
   */
  #onWriteFailure(error: WalWriteError): void {
    if (this.#outage !== undefined || this.#closed) return;
    // Not the disk: a bug, reported as any other (the outage below undoes the change).
    if (error.unencodable) this.#parts.ctx.onError(error.cause);
    this.#options.onWarning(
      `${error.message}; answering writes 503 state_unavailable until it can be written again (reads go on)`,
    );
    this.#units?.tolerateReadFailures(false);
    this.#outage = this.#heal().finally(() => {
      this.#outage = undefined;
    });
  }

  async #heal(): Promise<void> {
    const retryMs = this.#options.retryMs ?? DEFAULT_RETRY_MS;
    const writer = this.#writer as WalWriter;
    const gate = this.#gate as UnitGate;
    let reloaded = false;
    // No compaction while memory and files are put back in step (none may snapshot a state
    // that was not durable). Held before the gate is asked for (synchronously, so units
    // arriving from now on wait for the reload): one already running asked for it first.
    const held = this.#compactor?.hold();
    while (!this.#closed) {
      try {
        await gate.exclusive(async () => {
          await held;
          if (!reloaded) {
            await this.#reload(writer);
            reloaded = true;
            this.#units?.tolerateReadFailures(true);
          }
          await writer.resume();
          // Changes made meanwhile without a line (a read's, a timer's) go too: memory = disk.
          this.#units?.tolerateReadFailures(false);
          await this.#reload(writer);
        });
        this.#compactor?.release();
        this.#options.onWarning('the journal takes writes again; writes resume');
        return;
      } catch (error) {
        if (!(error instanceof WalWriteError)) this.#parts.ctx.onError(error);
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }

  // Loads the durable state back (snapshot plus write-ahead logs, as on a restart), cutting off
  // what a failed write left first, and continues the write-ahead log where the reload found it.
  async #reload(writer: WalWriter): Promise<void> {
    const { ctx, control } = this.#parts;
    await writer.discardUndurable().catch(() => {});
    this.#reloading = true;
    let recovered: Awaited<ReturnType<typeof recover>>;
    try {
      recovered = await recover(this.#layout, { ctx, control }, this.#options.onWarning);
    } finally {
      this.#reloading = false;
    }
    if (recovered === undefined) throw new StateFileError('the state file is gone');
    this.#base = recovered.base;
    this.#compactor?.resync(recovered.generation, recovered.snapshotBytes);
    if (!writer.failed) {
      await recovered.journal.close();
      return;
    }
    await writer.replaceFile(this.#wrap(recovered.journal), recovered.walBytes);
  }

  #wrap(file: WalFile): WalFile {
    return this.#options.walFile?.(file) ?? file;
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
    let journal: WalFile;
    let walBytes = 0;
    if (recovered === undefined) {
      await control.initialize(scenario, startOverride);
      const snapshot = this.#capture(generation)();
      snapshotBytes = await writeSnapshot(layout, snapshot);
      journal = await openWal(layout, generation);
    } else {
      ({ generation, journal, walBytes, snapshotBytes } = recovered);
      this.#base = recovered.base;
    }
    const writer = new WalWriter({
      handle: this.#wrap(journal),
      bytes: walBytes,
      // A wrapped journal (tests: a disk failing on demand, at the write or at the fsync) is
      // still fsynced after each write, so the wrapper sees both steps.
      durableWrites: WAL_WRITES_DURABLE && this.#options.walFile === undefined,
      stamp: createStamper(ctx),
      onFlushed: (bytes) => this.#compactor?.maybeCompact(bytes),
      onError: (error) => this.#onWriteFailure(error),
    });
    const gate = new UnitGate();
    this.#gate = gate;
    const compactBytes = this.#options.compactBytes ?? DEFAULT_COMPACT_BYTES;
    this.#compactor = new Compactor({
      layout,
      gate,
      writer,
      capture: this.#capture,
      openWal: async (next) => this.#wrap(await openWal(layout, next)),
      generation,
      snapshotBytes,
      threshold: (bytes) => Math.max(compactBytes, Math.ceil(bytes / 2)),
      onError: (error) => {
        // A compaction cut short by a failed write is part of that outage, reported once.
        if (error instanceof WalWriteError || this.#outage !== undefined) return;
        ctx.onError(new StateFileError(`compaction failed: ${(error as Error).message}`));
      },
    });
    this.#writer = writer;
    this.#units = new UnitTracker(writer, gate);
    this.#follow(this.#units, this.#compactor);
  }

  // Every change source of the server, recorded into the unit of work it happened in.
  #follow(units: UnitTracker, compactor: Compactor): void {
    const { control } = this.#parts;
    // A change whose part cannot be encoded (it throws) is in memory but in no line: `record`
    // fails the write-ahead log as a full disk does, so it is acknowledged to no one and the
    // outage loads the durable state back (see `UnitTracker.record`).
    // Each state slice reports its own changes (`state/server-slices.ts`).
    control.slices.follow((part) => {
      if (!this.#reloading) units.record(part);
    });
    control.onApply(({ scenario, startMs, reset }) => {
      if (this.#reloading) return;
      let base = this.#base;
      const recorded = units.record(() => {
        if (!reset) base = BaseScenario.of(scenario);
        const members = reset ? '"reset":true' : `"scenario":${base.text}`;
        return { scenario: `${members},"start":${startMs}` };
      });
      if (!recorded) return;
      this.#base = base;
      // Everything before is superseded: fold it away rather than replay it on every start.
      void compactor.compact();
    });
    control.onRestoreSnapshot(() => {
      if (this.#reloading) return;
      const { ctx } = this.#parts;
      const nowMs = ctx.clock.nowMs();
      const recorded = units.record(() => ({
        scenario: `"restored":${control.slices.exportText(nowMs)},"start":${nowMs}`,
      }));
      if (recorded) void compactor.compact();
    });
  }

  // Captures the state now, as text (synchronously, inside the gate): the slices keep their
  // records' texts, so only what changed since the last compaction is serialized.
  readonly #capture: Capture = (generation) => {
    const { control, ctx } = this.#parts;
    const state = control.slices.exportPieces(ctx.clock.nowMs());
    const wallMs = Date.now();
    const { controls = {} } = control.slices.header();
    const base = this.#base;
    return () => ({
      generation,
      wallMs,
      controls,
      state,
      base: base.text,
      ...(base.startOverride === undefined ? {} : { baseStartMs: base.startOverride }),
    });
  };
}
