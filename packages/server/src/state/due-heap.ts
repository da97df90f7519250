/** A scheduled due moment of one record (a service, or an account's Shield grace). */
export interface DueEntry {
  readonly dueMs: number;
  /** The service_ref, or the account_ref for an account's own events. */
  readonly ref: string;
  readonly accountRef: string;
}

/** Due order: due time, then ref (reference spec, section 9). */
const before = (a: DueEntry, b: DueEntry): boolean =>
  a.dueMs < b.dueMs || (a.dueMs === b.dueMs && a.ref < b.ref);

/** A binary min-heap of due entries in due order: O(log n) push and pop. */
export class DueHeap {
  #items: DueEntry[] = [];

  get size(): number {
    return this.#items.length;
  }

  /** The earliest entry, or undefined. */
  peek(): DueEntry | undefined {
    return this.#items[0];
  }

  push(entry: DueEntry): void {
    const items = this.#items;
    let i = items.push(entry) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(entry, items[parent] as DueEntry)) break;
      items[i] = items[parent] as DueEntry;
      i = parent;
    }
    items[i] = entry;
  }

  pop(): DueEntry | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (top === undefined || last === undefined || items.length === 0) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child =
        right < items.length && before(items[right] as DueEntry, items[left] as DueEntry)
          ? right
          : left;
      if (!before(items[child] as DueEntry, last)) break;
      items[i] = items[child] as DueEntry;
      i = child;
    }
    items[i] = last;
    return top;
  }

  /** Every entry, in no particular order. */
  entries(): readonly DueEntry[] {
    return this.#items;
  }

  clear(): void {
    this.#items = [];
  }
}
