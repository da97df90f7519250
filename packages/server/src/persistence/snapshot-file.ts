import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { type JsonPiece, pieceBytes } from '../internal/json-pieces';
import { ControlsExport } from '../state/controls-export';
import { readRegularFile, replaceFileDurably } from './durable-fs';
import { recordFormat } from './record-format';
import { errorCode, StateFileError } from './state-file-error';
import type { StateLayout } from './state-layout';

// Layout: one header line (format, generation, sizes and checksums), then the state as a
// Scenario document on its own line, then the scenario `reset` returns to. The second
// line alone is a valid scenario: `sed -n 2p state.json > scenario.json`.

const FORMAT = 'refapi-state';

/**
 * Event-loop time a snapshot write takes at a stretch, then leaves as long to requests: a
 * request needs several turns of the loop (its body, the journal's write and fsync, its
 * answer), and a slice in every turn stretched each to ~20 ms (~500 orders a second at 700 MB).
 */
const SLICE_MS = 4;
// node's own setTimeout and clock, not the globals a test suite's fake timers replace.
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, SLICE_MS));

const Header = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(1),
  generation: z.int().min(1),
  wall_ms: z.number(),
  controls: ControlsExport,
  base_start_ms: z.number().optional(),
  state_bytes: z.int().min(0),
  state_crc32: z.int().min(0),
  base_bytes: z.int().min(0),
  base_crc32: z.int().min(0),
  // Absent in files written before it was stamped: their records are validated on load.
  record_format: z.string().optional(),
});

/** A snapshot: the whole state at one instant, plus what a restart needs besides. */
export interface Snapshot {
  readonly generation: number;
  /** Host time of the capture, to resume a running clock. */
  readonly wallMs: number;
  /** The admin controls' export (checked when imported). */
  readonly controls: Readonly<Record<string, unknown>>;
  /** The state as a Scenario document (JSON text, as `GET /__admin/state` gives it). */
  readonly state: string;
  /** The scenario `reset` returns to (JSON text) and the start time it resets to. */
  readonly base: string;
  readonly baseStartMs?: number;
  /**
   * The {@link recordFormat} of the build that wrote the records; a new capture leaves it
   * out (this build's). Absent when read from a file written before the stamp.
   */
  readonly recordFormat?: string;
}

/** A snapshot to write: its state may come in pieces, written one after another. */
export type SnapshotToWrite = Omit<Snapshot, 'state'> & {
  readonly state: string | readonly JsonPiece[];
};

/**
 * Writes a snapshot durably: temp file, fsync, rename over the old one, fsync directory.
 * Resolves to the size of its state in bytes. `signal`: given up (rejecting with its reason)
 * when aborted between two slices, before any file is opened.
 */
export async function writeSnapshot(
  layout: StateLayout,
  snapshot: SnapshotToWrite,
  signal?: AbortSignal,
): Promise<number> {
  // Each piece made (see `DeferredPiece`), encoded (unless it comes encoded), summed and
  // written on its own: a joined text or buffer would be one more copy of the whole state.
  // A slice at a time: requests go on between slices (a state of 700 MB takes seconds).
  const state: Uint8Array[] = [];
  let stateBytes = 0;
  let stateCrc = 0;
  let sliceStart = performance.now();
  for (const piece of typeof snapshot.state === 'string' ? [snapshot.state] : snapshot.state) {
    const bytes = pieceBytes(piece);
    state.push(bytes);
    stateBytes += bytes.length;
    stateCrc = crc32(bytes, stateCrc);
    if (performance.now() - sliceStart >= SLICE_MS) {
      await pause();
      signal?.throwIfAborted();
      sliceStart = performance.now();
    }
  }
  const base = Buffer.from(snapshot.base);
  const header = {
    format: FORMAT,
    version: 1,
    generation: snapshot.generation,
    wall_ms: snapshot.wallMs,
    controls: snapshot.controls,
    ...(snapshot.baseStartMs === undefined ? {} : { base_start_ms: snapshot.baseStartMs }),
    state_bytes: stateBytes,
    state_crc32: stateCrc,
    base_bytes: base.length,
    base_crc32: crc32(base),
    record_format: snapshot.recordFormat ?? recordFormat(),
  };
  await replaceFileDurably(layout.temp, layout.snapshot, layout.directory, [
    `${JSON.stringify(header)}\n`,
    ...state,
    '\n',
    base,
    '\n',
  ]);
  return stateBytes;
}

/**
 * Reads the snapshot, or undefined when there is none. Anything unexpected (unreadable,
 * truncated, a checksum mismatch) is a {@link StateFileError}: never silently empty state.
 */
export async function readSnapshot(layout: StateLayout): Promise<Snapshot | undefined> {
  const path = layout.snapshot;
  let bytes: Buffer;
  try {
    bytes = await readRegularFile(path, 'state file');
  } catch (error) {
    if (error instanceof StateFileError) throw error;
    if (errorCode(error) === 'ENOENT') return undefined;
    throw new StateFileError(`cannot read state file ${path}: ${errorCode(error) ?? error}`);
  }
  const corrupt = (reason: string) =>
    new StateFileError(`state file ${path} is corrupt (${reason}): refusing to start`);
  const headerEnd = bytes.indexOf(0x0a);
  if (headerEnd === -1) throw corrupt('no header line');
  let header: z.output<typeof Header>;
  try {
    header = Header.parse(JSON.parse(bytes.toString('utf8', 0, headerEnd)));
  } catch {
    throw corrupt('unreadable header');
  }
  const section = (name: string, start: number, length: number, sum: number) => {
    const body = bytes.subarray(start, start + length);
    if (body.length !== length || bytes[start + length] !== 0x0a)
      throw corrupt(`${name} cut short`);
    if (crc32(body) !== sum) throw corrupt(`${name} checksum mismatch`);
    return body.toString('utf8');
  };
  const stateStart = headerEnd + 1;
  const state = section('state', stateStart, header.state_bytes, header.state_crc32);
  const baseStart = stateStart + header.state_bytes + 1;
  const base = section('base scenario', baseStart, header.base_bytes, header.base_crc32);
  if (baseStart + header.base_bytes + 1 !== bytes.length) throw corrupt('trailing bytes');
  return {
    generation: header.generation,
    wallMs: header.wall_ms,
    controls: header.controls,
    state,
    base,
    ...(header.base_start_ms === undefined ? {} : { baseStartMs: header.base_start_ms }),
    ...(header.record_format === undefined ? {} : { recordFormat: header.record_format }),
  };
}
