import { type JsonPiece, piecesText } from '../internal/json-pieces';
import type { Scenario } from '../scenario/schema';
import type { ScenarioTrust } from '../store/build-state';
import type { RecordFold } from './record-fold';
import type { WalEntry } from './wal-entry';

/** Something a unit changed, already serialized when it happened (records are replaced later). */
export type UnitPart =
  /** The record entries of one store commit (a JSON array). */
  | { readonly commit: string }
  /** A module state change (JSON `[name, change]`). */
  | { readonly extension: string }
  /** A stored idempotent response (JSON). */
  | { readonly idempotency: string }
  /** A scenario load or reset: the entry members (`"scenario":…,"start":…`). */
  | { readonly scenario: string };

/** What replaying write-ahead log entries carries from one entry to the next. */
export interface WalReplay {
  /** Record changes folded until `flush()` (see {@link RecordFold}). */
  readonly records: RecordFold;
}

/**
 * One piece of the server's state (the records, the clock, the admin controls, idempotency
 * records, rate-limit windows, extension modules): how it loads a scenario (every load,
 * reset and recovery), what it adds to the state document, how it forks, how its changes
 * go into the state file's write-ahead log and come back out. The control plane, the state
 * file, replay and recovery iterate the registry (`server-slices.ts`) and name no slice.
 */
export interface StateSlice<Fork = unknown> {
  readonly name: string;
  /** Takes its part of a scenario (`startMs`: the clock start it loads at). */
  load(scenario: Scenario, startMs: number, trust: ScenarioTrust): void | Promise<void>;
  /** Its members of the state document (`GET /__admin/state`, the state file's snapshot). */
  export?(nowMs: number): Partial<Scenario>;
  /**
   * {@link StateSlice.export} as JSON members without braces, byte for byte what
   * `JSON.stringify` makes of it once the pieces are joined, for a slice that can serialize
   * faster than that (it keeps its records' texts): the state file writes the whole state
   * at every compaction, piece after piece.
   */
  exportPieces?(nowMs: number): readonly JsonPiece[];
  /**
   * The slice as it is now, sharing what does not change (copy-on-write where the slice
   * allows it: the records fork in O(accounts)). Snapshots and spaces build on this.
   */
  fork(): Fork;
  /** Puts a {@link fork} back (the fork stays usable: restoring twice gives the same state). */
  restore(fork: Fork): void;
  /**
   * Persistence beyond the state document: `follow` reports every change as a part of the
   * current unit of work (one write-ahead log line), `replay` applies its members of a
   * logged entry, and `header` is what the snapshot keeps beside the state document.
   */
  readonly wal?: {
    /** `report` serializes the part (its argument) only when the log takes it. */
    follow?(report: (part: () => UnitPart) => void): void;
    replay(entry: WalEntry, replay: WalReplay): void;
  };
  readonly header?: {
    export(): Readonly<Record<string, unknown>>;
    import(exported: unknown): void;
  };
}

/**
 * A fork of every slice, by slice name: what {@link StateSlices.restore} puts back, into the
 * registry it came from (a snapshot) or into another server's (a space starts from one).
 */
export type StateFork = ReadonlyMap<string, unknown>;

// An object's JSON members without its braces ('' for none).
const membersOf = (part: object | undefined): string =>
  part === undefined ? '' : JSON.stringify(part).slice(1, -1);

/** The registry of a server's state slices, in load order. */
export class StateSlices {
  constructor(readonly slices: readonly StateSlice[]) {}

  /** Loads a scenario into every slice, in order (the records first: they wait for writers). */
  async load(scenario: Scenario, startMs: number, trust: ScenarioTrust): Promise<void> {
    for (const slice of this.slices) await slice.load(scenario, startMs, trust);
  }

  /** The state document: every slice's members. */
  export(nowMs: number): Scenario {
    const document: Partial<Scenario> = {};
    for (const slice of this.slices) Object.assign(document, slice.export?.(nowMs));
    return document as Scenario;
  }

  /**
   * `JSON.stringify` of {@link StateSlices.export}, byte for byte, with the slices that keep
   * their records' texts serializing only what changed since they were last asked.
   */
  exportText(nowMs: number): string {
    return piecesText(this.exportPieces(nowMs));
  }

  /**
   * {@link StateSlices.exportText} in pieces, not joined: a state of 60 MB is copied once
   * more by every join, and the state file writes the pieces as they are (full blocks of
   * records come already encoded).
   */
  exportPieces(nowMs: number): JsonPiece[] {
    const parts: JsonPiece[] = ['{'];
    for (const slice of this.slices) {
      const pieces = slice.exportPieces?.(nowMs) ?? [membersOf(slice.export?.(nowMs))];
      if (pieces.every((piece) => piece === '')) continue;
      if (parts.length > 1) parts.push(',');
      for (const piece of pieces) parts.push(piece);
    }
    parts.push('}');
    return parts;
  }

  /** A fork of the whole state: a fork of each slice. */
  fork(): StateFork {
    return new Map(this.slices.map((slice) => [slice.name, slice.fork()]));
  }

  /** Puts a whole-state fork back, slice by slice. */
  restore(fork: StateFork): void {
    for (const slice of this.slices) {
      if (fork.has(slice.name)) slice.restore(fork.get(slice.name));
    }
  }

  /** Reports every change of every slice to the write-ahead log. */
  follow(report: (part: () => UnitPart) => void): void {
    for (const slice of this.slices) slice.wal?.follow?.(report);
  }

  /** Applies one logged entry's members, slice by slice. */
  replay(entry: WalEntry, replay: WalReplay): void {
    for (const slice of this.slices) slice.wal?.replay(entry, replay);
  }

  /** What the snapshot keeps beside the state document, by slice name. */
  header(): Record<string, Readonly<Record<string, unknown>>> {
    const out: Record<string, Readonly<Record<string, unknown>>> = {};
    for (const slice of this.slices) if (slice.header) out[slice.name] = slice.header.export();
    return out;
  }
}
