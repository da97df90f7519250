import { type FileHandle, open, stat, unlink } from 'node:fs/promises';
import type { Scenario } from '../scenario/schema';
import { checkScenarioExtensions } from '../scenario/validate';
import { RecordFold } from '../state/record-fold';
import { WalEntry } from '../state/wal-entry';
import { BaseScenario } from './base-scenario';
import { fsyncDirectory, truncateFile, WAL_OPEN_FLAGS } from './durable-fs';
import { recordFormat } from './record-format';
import { type ReplayTarget, replayEntry } from './replay';
import { readSnapshot } from './snapshot-file';
import { StateFileError } from './state-file-error';
import type { StateLayout } from './state-layout';
import { readWal } from './wal-reader';

const firstLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** Server time at the last durable write, and the host time it was written at. */
export interface ClockStamp {
  readonly at: number;
  readonly wall: number;
  readonly frozen: boolean;
}

/** Where a recovered server goes on. */
export interface Recovered {
  readonly generation: number;
  readonly base: BaseScenario;
  /** The write-ahead log appends continue in (the newest one), and its size. */
  readonly journal: FileHandle;
  readonly walBytes: number;
  /** Bytes of the snapshot's state, for the compaction threshold. */
  readonly snapshotBytes: number;
}

/**
 * Server time to resume at: a frozen clock stays where it was; a running one continues
 * from the last write plus the real time elapsed since (never backwards), so rate-limit
 * windows, Shield progress and idempotency retention keep counting across the restart.
 */
export const resumeAt = (stamp: ClockStamp, wallNow: number): number =>
  stamp.frozen ? stamp.at : stamp.at + Math.max(0, wallNow - stamp.wall);

/**
 * Opens (creating) write-ahead log `generation` for appends ({@link WAL_OPEN_FLAGS}) and makes
 * its directory entry durable.
 */
export async function openWal(layout: StateLayout, generation: number): Promise<FileHandle> {
  const handle = await open(layout.wal(generation), WAL_OPEN_FLAGS, 0o600);
  await fsyncDirectory(layout.directory);
  return handle;
}

/**
 * Loads the snapshot and replays the write-ahead logs after it into the server, or returns
 * undefined when there is no state file yet. An unreadable last write-ahead log line is cut off
 * (with a warning); anything else that does not fit is a {@link StateFileError}.
 */
export async function recover(
  layout: StateLayout,
  target: Pick<ReplayTarget, 'ctx' | 'control'>,
  onWarning: (message: string) => void,
): Promise<Recovered | undefined> {
  const snapshot = await readSnapshot(layout);
  const generations = await layout.wals();
  if (snapshot === undefined) {
    if (generations.length > 0) {
      throw new StateFileError(
        `journal ${layout.wal(generations[0] as number)} exists without its state file ${layout.snapshot}: refusing to start over it`,
      );
    }
    return undefined;
  }
  const { ctx, control } = target;
  const replay: ReplayTarget = {
    ctx,
    control,
    base: BaseScenario.fromText(snapshot.base, snapshot.baseStartMs),
    records: new RecordFold(ctx.store),
  };
  // The state is our own export (checksummed, defaults filled in): a whole-document
  // validation would only cost time. The store validates each record as it loads them,
  // unless this very build wrote them (see recordFormat). Module snapshots are checked
  // (small), as nothing else validates them before first use.
  const state = JSON.parse(snapshot.state) as Scenario;
  const trust = snapshot.recordFormat === recordFormat() ? 'checked' : 'unchecked';
  const startMs = Date.parse(state.now ?? '');
  try {
    if (!Number.isFinite(startMs) || !Array.isArray(state.accounts)) throw new Error('no state');
    checkScenarioExtensions(state.extensions);
    await control.restore(state, startMs, replay.base.resetTarget(), trust);
  } catch (error) {
    throw new StateFileError(
      `state file ${layout.snapshot} holds an unusable state (${firstLine(error)})`,
    );
  }
  // What the snapshot keeps beside the state, by slice (today the admin controls).
  const headers: Readonly<Record<string, unknown>> = { controls: snapshot.controls };
  for (const slice of control.slices.slices) {
    try {
      slice.header?.import(headers[slice.name]);
    } catch (error) {
      throw new StateFileError(
        `state file ${layout.snapshot} holds unusable ${slice.name} (${firstLine(error)})`,
      );
    }
  }
  let stamp: ClockStamp = { at: startMs, wall: snapshot.wallMs, frozen: state.frozen ?? false };

  // Journals older than the snapshot are leftovers of a compaction cut short by a crash.
  for (const generation of generations.filter((g) => g < snapshot.generation)) {
    await unlink(layout.wal(generation));
  }
  const live = generations.filter((g) => g >= snapshot.generation);
  live.forEach((generation, i) => {
    if (generation !== snapshot.generation + i) {
      throw new StateFileError(`journal ${layout.wal(snapshot.generation + i)} is missing`);
    }
  });
  let walBytes = 0;
  for (const [i, generation] of live.entries()) {
    const path = layout.wal(generation);
    const scan = await readWal(path);
    const last = i === live.length - 1;
    if (scan.torn !== undefined && !last) {
      throw new StateFileError(`journal ${path} is corrupt (${scan.torn}) but is not the newest`);
    }
    for (const [n, raw] of scan.entries.entries()) {
      try {
        const entry = WalEntry.parse(raw);
        await replayEntry(replay, entry);
        stamp = { at: entry.at, wall: entry.wall, frozen: entry.frozen ?? false };
      } catch (error) {
        throw new StateFileError(
          `journal ${path} line ${n + 1} cannot be replayed (${firstLine(error)})`,
        );
      }
    }
    if (scan.torn !== undefined) {
      const dropped = (await stat(path)).size - scan.validBytes;
      await truncateFile(path, scan.validBytes);
      // Only what is known: the tail is unreadable. A crash mid-write (never acknowledged:
      // a response waits for its whole line) is the usual cause, not the only possible one.
      onWarning(
        `dropped the unreadable last line of journal ${path} (${scan.torn}, ${dropped} bytes): ` +
          'usually a write cut short by a crash before it was acknowledged; if the host did not crash, check the disk',
      );
    }
    if (last) walBytes = scan.validBytes;
  }
  try {
    await replay.records.flush();
  } catch (error) {
    throw new StateFileError(`journal records cannot be replayed (${firstLine(error)})`);
  }
  ctx.clock.restart(resumeAt(stamp, Date.now()), stamp.frozen);
  const generation = live.at(-1) ?? snapshot.generation;
  return {
    generation,
    base: replay.base,
    journal: await openWal(layout, generation),
    walBytes,
    snapshotBytes: Buffer.byteLength(snapshot.state),
  };
}
