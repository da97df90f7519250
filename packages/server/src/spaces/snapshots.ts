import { DomainError } from '../domain/errors';
import type { StateFork } from '../state/state-slice';

/** A saved state of a space (or the root), as `GET /__admin/snapshots` lists it. */
export interface SnapshotInfo {
  readonly name: string;
  /** Server time when it was saved (ISO). */
  readonly created_at: string;
}

/** Snapshots one space (or the root) may hold. */
const MAX_SNAPSHOTS = 100;

/**
 * Named forks of one state: saving is a fork of every slice (copy-on-write, O(1) in the
 * records), restoring puts it back, and a snapshot stays as saved however often it is
 * restored. Bounded: past {@link MAX_SNAPSHOTS} a new name is refused (409).
 */
export class Snapshots {
  readonly #saved = new Map<string, { readonly info: SnapshotInfo; readonly fork: StateFork }>();

  /** Keeps `fork` under `name`, replacing a snapshot of that name. */
  save(name: string, fork: StateFork, createdAt: string): SnapshotInfo {
    if (!this.#saved.has(name) && this.#saved.size >= MAX_SNAPSHOTS) {
      throw new DomainError(409, 'snapshot_limit_reached');
    }
    const info = { name, created_at: createdAt };
    this.#saved.delete(name);
    this.#saved.set(name, { info, fork });
    return info;
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
    if (!this.#saved.delete(name)) throw new DomainError(404, 'snapshot_not_found');
  }
}
