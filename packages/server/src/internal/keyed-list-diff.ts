// Journals O(change) updates of lists of records with a key (Shield rules, profiles):
// what changed by identity, what left, and the order only when upserts alone miss it.

/** Turns one keyed list into another: `upsert` replaces in place or appends, `remove` drops. */
export interface KeyedListDiff<T> {
  readonly upsert?: readonly T[];
  readonly remove?: readonly string[];
  /** The final key order, present only when upserts and removals alone would not give it. */
  readonly order?: readonly string[];
}

/** Applies a {@link KeyedListDiff}; throws when `order` names a key the list lacks. */
export function applyKeyedList<T>(
  list: readonly T[],
  diff: KeyedListDiff<T>,
  key: (item: T) => string,
): T[] {
  const removed = new Set(diff.remove ?? []);
  const updates = new Map((diff.upsert ?? []).map((item) => [key(item), item] as const));
  const out: T[] = [];
  for (const item of list) {
    const id = key(item);
    if (removed.has(id)) continue;
    const update = updates.get(id);
    if (update === undefined) out.push(item);
    else {
      out.push(update);
      updates.delete(id);
    }
  }
  for (const item of updates.values()) out.push(item);
  if (diff.order === undefined) return out;
  const byKey = new Map(out.map((item) => [key(item), item] as const));
  return diff.order.map((id) => {
    const item = byKey.get(id);
    if (item === undefined) throw new Error(`keyed list diff orders unknown key ${id}`);
    return item;
  });
}

/**
 * The diff from `prev` to `next`, comparing items by identity (unchanged items of
 * immutable state keep theirs), or undefined when they hold the same items in order.
 */
export function diffKeyedList<T>(
  prev: readonly T[],
  next: readonly T[],
  key: (item: T) => string,
): KeyedListDiff<T> | undefined {
  if (prev === next) return undefined;
  const before = new Map(prev.map((item) => [key(item), item] as const));
  const kept = new Set<string>();
  const upsert: T[] = [];
  for (const item of next) {
    const id = key(item);
    kept.add(id);
    if (before.get(id) !== item) upsert.push(item);
  }
  const remove = [...before.keys()].filter((id) => !kept.has(id));
  const diff: { upsert?: T[]; remove?: string[]; order?: string[] } = {};
  if (upsert.length > 0) diff.upsert = upsert;
  if (remove.length > 0) diff.remove = remove;
  const applied = applyKeyedList(prev, diff, key);
  if (applied.some((item, i) => key(item) !== key(next[i] as T))) diff.order = next.map(key);
  return Object.keys(diff).length === 0 ? undefined : diff;
}
