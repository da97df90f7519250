import { compareAnyRefs } from '../domain/refs';

/** A scheduled due moment of one record (a service, or an account's Shield grace). */
export interface DueEntry {
  readonly dueMs: number;
  /** The service_ref, or the account_ref for an account's own events. */
  readonly ref: string;
  readonly accountRef: string;
}

/** A heap node's entry and its index, in {@link DueHeap.ordered}'s frontier. */
type IndexedEntry = DueEntry & { readonly at: number };

/** Due order: due time, then ref by its value (reference spec, section 9; `compareAnyRefs`). */
const before = (a: DueEntry, b: DueEntry): boolean =>
  a.dueMs < b.dueMs || (a.dueMs === b.dueMs && compareAnyRefs(a.ref, b.ref) < 0);

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

  /**
   * The entries in due order without taking them out, lazily: the first k cost O(k log k)
   * (a frontier of the heap's nodes), not a sort of them all. `GET /__admin/clock` shows
   * the next 20 of an account that may have 100,000 services, and the console asks again
   * after each control and each new request it shows. The heap must not change meanwhile.
   */
  *ordered(): Generator<DueEntry> {
    const items = this.#items;
    if (items.length === 0) return;
    const frontier = new DueHeap();
    const node = (at: number): IndexedEntry => ({ ...(items[at] as DueEntry), at });
    frontier.push(node(0));
    for (let top = frontier.pop(); top !== undefined; top = frontier.pop()) {
      const { at } = top as IndexedEntry;
      yield items[at] as DueEntry;
      if (2 * at + 1 < items.length) frontier.push(node(2 * at + 1));
      if (2 * at + 2 < items.length) frontier.push(node(2 * at + 2));
    }
  }

  clear(): void {
    this.#items = [];
  }
}
