import { compareRefs } from '../domain/refs';

/** Records by reference plus their refs sorted ascending by hex value: the read index. */
export class RefTable<T> {
  readonly #byRef = new Map<string, T>();
  readonly #ascending: string[] = [];

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

  /** Inserts or replaces a record; new refs above all others append in O(1). */
  set(ref: string, record: T): void {
    if (!this.#byRef.has(ref)) {
      const last = this.#ascending[this.#ascending.length - 1];
      if (last === undefined || compareRefs(last, ref) < 0) this.#ascending.push(ref);
      else this.#ascending.splice(this.#insertionIndex(ref), 0, ref);
    }
    this.#byRef.set(ref, record);
  }

  /** Loads many records at once (one sort instead of many inserts). */
  setAll(entries: ReadonlyArray<readonly [string, T]>): void {
    for (const [ref, record] of entries) {
      if (!this.#byRef.has(ref)) this.#ascending.push(ref);
      this.#byRef.set(ref, record);
    }
    this.#ascending.sort(compareRefs);
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
