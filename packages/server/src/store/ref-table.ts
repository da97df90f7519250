import { compareRefs } from '../domain/refs';

/**
 * Records by reference plus their refs sorted ascending by hex value: the store of one
 * record kind and its read index. Records are never changed in place (a commit replaces
 * them), so a {@link RefTable.fork} shares them and copies the index on its first write.
 */
export class RefTable<T> {
  #byRef: Map<string, T>;
  #ascending: string[];
  // False while the map and list are shared with the table this one was forked from.
  #owned: boolean;

  constructor(byRef = new Map<string, T>(), ascending: string[] = [], owned = true) {
    this.#byRef = byRef;
    this.#ascending = ascending;
    this.#owned = owned;
  }

  /** Number of records. */
  get size(): number {
    return this.#ascending.length;
  }

  /** Refs ascending by value (read-only view; newest last). */
  get refs(): readonly string[] {
    return this.#ascending;
  }

  /** The record of `ref`. */
  get(ref: string): T | undefined {
    return this.#byRef.get(ref);
  }

  /** All records in ascending ref order. */
  values(): T[] {
    return this.#ascending.map((ref) => this.#byRef.get(ref) as T);
  }

  /**
   * A table with the same records in O(1): both share them until either writes, and the
   * writer copies first. Reset forks the loaded scenario's tables instead of rebuilding them.
   */
  fork(): RefTable<T> {
    this.#owned = false;
    return new RefTable(this.#byRef, this.#ascending, false);
  }

  /** Inserts or replaces a record; new refs above all others append in O(1). */
  set(ref: string, record: T): void {
    this.#own();
    // One lookup, not `has` then `set`: the map of a busy account holds every record it
    // ever had, and each probe of a large map is a cache miss (profiled: the largest
    // single cost of an order's commit).
    const size = this.#byRef.size;
    this.#byRef.set(ref, record);
    if (this.#byRef.size === size) return;
    const last = this.#ascending[this.#ascending.length - 1];
    if (last === undefined || compareRefs(last, ref) < 0) this.#ascending.push(ref);
    else this.#ascending.splice(this.#insertionIndex(ref), 0, ref);
  }

  /**
   * Loads many records at once, each under `refOf(record)` (one sort, skipped when they
   * come in order, as exports do).
   */
  setAll(records: readonly T[], refOf: (record: T) => string): void {
    this.#own();
    const byRef = this.#byRef;
    const ascending = this.#ascending;
    let sorted = true;
    for (const record of records) {
      const ref = refOf(record);
      const size = byRef.size;
      byRef.set(ref, record);
      // A new ref grew the map (one hash lookup, not a `has` and then a `set`).
      if (byRef.size === size) continue;
      const last = ascending[ascending.length - 1];
      if (sorted && last !== undefined && compareRefs(last, ref) > 0) sorted = false;
      ascending.push(ref);
    }
    if (!sorted) ascending.sort(compareRefs);
  }

  #own(): void {
    if (this.#owned) return;
    this.#byRef = new Map(this.#byRef);
    this.#ascending = this.#ascending.slice();
    this.#owned = true;
  }

  #insertionIndex(ref: string): number {
    let lo = 0;
    let hi = this.#ascending.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareRefs(this.#ascending[mid] as string, ref) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
