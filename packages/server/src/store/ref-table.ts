import { compareRefs, smallRefValue } from '../domain/refs';
import { DeferredPiece, type JsonPiece, utf8 } from '../internal/json-pieces';

/** Records per block of kept JSON (see {@link RefTable.jsonBlocks}). */
const BLOCK_RECORDS = 128;
/** Replaced refs remembered for the kept blocks; past this many they are all dropped instead. */
const MAX_REPLACED = 4096;
/** Refs with a value below this may sit at their value (a small integer for V8). */
const SLOT_LIMIT = 2 ** 30;
/**
 * How far past the slots' end a ref may land and still get a slot (the holes before it are
 * filled): at least this, else as many as the table has slots. So the slots are at most
 * twice the records plus this, whatever refs a scenario gives: past that a ref goes to the map.
 */
const MIN_SLOT_GAP = 4096;

/**
 * Records by reference plus their refs sorted ascending by hex value: the store of one
 * record kind and its read index. Records are never changed in place (a commit replaces
 * them), so a {@link RefTable.fork} shares them and copies the index on its first write.
 *
 * A record whose ref the allocator could have made (`REF-INV-1A2B`) sits in an array at the
 * ref's value when that is near enough the array's end (MIN_SLOT_GAP), any other in a map.
 * The allocator's refs count up, so an order appends to the arrays: inserting into a map of
 * every record a busy account ever had cost an order ~3 µs (a hash probe that misses the
 * cache, and at each doubling a rehash of every key) and left the map's tables for the
 * collector (bench/http.ts: POST /v1/orders ~11% more requests a second).
 */
export class RefTable<T> {
  // At a ref's value: its record and the ref itself (another spelling or kind of the same
  // value is not this record: it goes to #others).
  #slots: (T | undefined)[] = [];
  #slotRefs: (string | undefined)[] = [];
  #others = new Map<string, T>();
  #ascending: string[] = [];
  // False while the slots, map and list are shared with the table this one was forked from.
  #owned = true;
  // The JSON of each full block of BLOCK_RECORDS records (in ascending order) as UTF-8 bytes,
  // kept for the next compaction: a state file rewrites the whole state each time, and most
  // blocks (every record of them older than the last compaction) are as they were. Made
  // when first read (see `jsonBlocks`).
  #blockBytes: (Uint8Array | DeferredPiece | undefined)[] = [];
  // Refs replaced since the blocks were last read: their blocks are stale (found then).
  #replaced: string[] = [];

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
    const slot = smallRefValue(ref, SLOT_LIMIT);
    if (slot >= 0 && this.#slotRefs[slot] === ref) return this.#slots[slot];
    return this.#others.size === 0 ? undefined : this.#others.get(ref);
  }

  /** All records in ascending ref order. */
  values(): T[] {
    return this.#ascending.map((ref) => this.get(ref) as T);
  }

  /**
   * A table with the same records in O(1): both share them until either writes, and the
   * writer copies first. Reset forks the loaded scenario's tables instead of rebuilding them.
   */
  fork(): RefTable<T> {
    this.#owned = false;
    const fork = new RefTable<T>();
    fork.#slots = this.#slots;
    fork.#slotRefs = this.#slotRefs;
    fork.#others = this.#others;
    fork.#ascending = this.#ascending;
    fork.#owned = false;
    fork.#blockBytes = this.#blockBytes.slice();
    fork.#replaced = this.#replaced.slice();
    return fork;
  }

  /**
   * The records' JSON texts (`textOf`) in ascending ref order, in blocks of records joined
   * by commas (the blocks joined by commas again are a JSON array's members). A full block
   * is kept as UTF-8 bytes until one of its records is replaced, so a state of 100,000
   * records that grew by a few thousand since the last call serializes and encodes only
   * those; the last block, while not full, is text. A block not kept is serialized when it
   * is first read, from the records it held when gathered: gathering costs O(blocks) plus a
   * lookup per record not kept, so a compaction's gate stays short.
   */
  jsonBlocks(textOf: (record: T) => string): JsonPiece[] {
    const ascending = this.#ascending;
    const keptBlocks = this.#blockBytes;
    for (const ref of this.#replaced)
      keptBlocks[Math.floor(this.#insertionIndex(ref) / BLOCK_RECORDS)] = undefined;
    this.#replaced = [];
    const blocks: JsonPiece[] = [];
    for (let start = 0; start < ascending.length; start += BLOCK_RECORDS) {
      const block = start / BLOCK_RECORDS;
      const kept = keptBlocks[block];
      if (kept !== undefined) {
        blocks.push(kept);
        continue;
      }
      const end = Math.min(start + BLOCK_RECORDS, ascending.length);
      const records: T[] = [];
      for (let i = start; i < end; i++) records.push(this.get(ascending[i] as string) as T);
      const text = () => records.map(textOf).join(',');
      // The last block, while not full, changes with the next record appended.
      if (end - start < BLOCK_RECORDS) {
        blocks.push(new DeferredPiece(text));
        continue;
      }
      const bytes = new DeferredPiece(() => utf8(text()));
      keptBlocks[block] = bytes;
      blocks.push(bytes);
    }
    return blocks;
  }

  /** Inserts or replaces a record; new refs above all others append in O(1). */
  set(ref: string, record: T): void {
    this.#own();
    if (!this.#put(ref, record)) {
      this.#staleBlock(ref);
      return;
    }
    const last = this.#ascending[this.#ascending.length - 1];
    if (last === undefined || compareRefs(last, ref) < 0) this.#ascending.push(ref);
    else {
      const at = this.#insertionIndex(ref);
      this.#ascending.splice(at, 0, ref);
      // Every block from the insertion on holds other records now.
      this.#blockBytes.length = Math.min(this.#blockBytes.length, Math.floor(at / BLOCK_RECORDS));
    }
  }

  // A replaced record's block is found when the blocks are next read (a binary search then,
  // not on every write); a table whose blocks nobody reads stops remembering.
  #staleBlock(ref: string): void {
    if (this.#blockBytes.length === 0) return;
    if (this.#replaced.length >= MAX_REPLACED) {
      this.#blockBytes = [];
      this.#replaced = [];
      return;
    }
    this.#replaced.push(ref);
  }

  /**
   * Loads many records at once, each under `refOf(record)` (one sort, skipped when they
   * come in order, as exports do).
   */
  setAll(records: readonly T[], refOf: (record: T) => string): void {
    this.#own();
    this.#blockBytes = [];
    this.#replaced = [];
    const ascending = this.#ascending;
    let sorted = true;
    for (const record of records) {
      const ref = refOf(record);
      if (!this.#put(ref, record)) continue;
      const last = ascending[ascending.length - 1];
      if (sorted && last !== undefined && compareRefs(last, ref) > 0) sorted = false;
      ascending.push(ref);
    }
    if (!sorted) ascending.sort(compareRefs);
  }

  /** Stores `record` under `ref`; whether the ref is new to the table. */
  #put(ref: string, record: T): boolean {
    const slot = smallRefValue(ref, SLOT_LIMIT);
    const slotRefs = this.#slotRefs;
    if (slot >= 0 && slot < slotRefs.length + Math.max(MIN_SLOT_GAP, slotRefs.length)) {
      const held = slotRefs[slot];
      // A free slot, unless the map took this ref when its slot was still too far away.
      const others = this.#others;
      if (held === ref || (held === undefined && (others.size === 0 || !others.has(ref)))) {
        // Holes filled, not left: an array written far past its end turns into a dictionary.
        while (slotRefs.length < slot) {
          slotRefs.push(undefined);
          this.#slots.push(undefined);
        }
        this.#slots[slot] = record;
        slotRefs[slot] = ref;
        return held === undefined;
      }
    }
    // One lookup, not `has` then `set`.
    const size = this.#others.size;
    this.#others.set(ref, record);
    return this.#others.size !== size;
  }

  #own(): void {
    if (this.#owned) return;
    this.#slots = this.#slots.slice();
    this.#slotRefs = this.#slotRefs.slice();
    this.#others = new Map(this.#others);
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
