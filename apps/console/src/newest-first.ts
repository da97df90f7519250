// Every list of the console reads newest first, as the ledger and the journal do.

const collator = new Intl.Collator('en', { numeric: true });

/**
 * Compares references as people read them: `REF-SVC-100` after `REF-SVC-99` (the server
 * allocates each kind's references in increasing order).
 */
export const compareRefs = (a: string, b: string): number => collator.compare(a, b);

/**
 * A copy of `items`, newest first: by `time` (ISO 8601 or epoch ms) descending, items
 * without a time after those with one, then by reference descending (creation order).
 */
export function newestFirst<T>(
  items: readonly T[],
  ref: (item: T) => string,
  time?: (item: T) => string | number | null | undefined,
): T[] {
  const keyed = items.map((item) => {
    const at = time?.(item);
    const ms = at === undefined || at === null ? Number.NEGATIVE_INFINITY : new Date(at).getTime();
    return { item, ms: Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms, ref: ref(item) };
  });
  keyed.sort((a, b) => (a.ms !== b.ms ? (b.ms > a.ms ? 1 : -1) : compareRefs(b.ref, a.ref)));
  return keyed.map(({ item }) => item);
}
