import { DomainError } from '../domain/errors';
import type { StateFork } from './state-slice';

/** A saved state of a space (or the root), as `GET /__admin/snapshots` lists it. */
export interface SnapshotInfo {
  readonly name: string;
  /** Server time when it was saved (ISO). */
  readonly created_at: string;
}

/** Snapshots one space (or the root) may hold. */
const MAX_SNAPSHOTS = 100;

/** Default of `--max-snapshot-bytes`: the JSON size the snapshots of one runtime may add up to. */
const DEFAULT_MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;

interface Saved {
  readonly info: SnapshotInfo;
  readonly fork: StateFork;
  /** The state's JSON size when saved. */
  readonly bytes: number;
}

/**
 * Named forks of one state: saving is a fork of every slice (copy-on-write, O(1) in the
 * records), restoring puts it back, and a snapshot stays as saved however often it is
 * restored. Bounded: past {@link MAX_SNAPSHOTS} a new name is refused (409
 * `snapshot_limit_reached`), and past `maxBytes` of state JSON in all (409
 * `snapshot_budget_exceeded`): forks share what did not change, but a snapshot keeps alive
 * all it saw, so each is counted at its state's full size.
 */
export class Snapshots {
  readonly #saved = new Map<string, Saved>();
  #bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_SNAPSHOT_BYTES) {}

  /** Keeps `fork` (a state of `bytes` JSON bytes) under `name`, replacing a snapshot of that name. */
  save(name: string, fork: StateFork, createdAt: string, bytes: number): SnapshotInfo {
    const replaced = this.#saved.get(name);
    if (replaced === undefined && this.#saved.size >= MAX_SNAPSHOTS) {
      throw new DomainError(409, 'snapshot_limit_reached');
    }
    if (this.#bytes - (replaced?.bytes ?? 0) + bytes > this.maxBytes) {
      throw new DomainError(409, 'snapshot_budget_exceeded');
    }
    const info = { name, created_at: createdAt };
    this.#saved.delete(name);
    this.#saved.set(name, { info, fork, bytes });
    this.#bytes += bytes - (replaced?.bytes ?? 0);
    return info;
  }

  /** JSON bytes of every snapshot held, together. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Every snapshot, oldest first. */
  list(): SnapshotInfo[] {
    return [...this.#saved.values()].map(({ info }) => info);
  }

  /** The fork saved under `name`; 404 `snapshot_not_found` when there is none. */
  get(name: string): StateFork {
    const saved = this.#saved.get(name);
    if (saved === undefined) throw new DomainError(404, 'snapshot_not_found');
    return saved.fork;
  }

  /** Deletes a snapshot; 404 `snapshot_not_found` when there is none. */
  delete(name: string): void {
    const saved = this.#saved.get(name);
    if (saved === undefined) throw new DomainError(404, 'snapshot_not_found');
    this.#saved.delete(name);
    this.#bytes -= saved.bytes;
  }
}
