import { compareRefs } from './refs';

/** One page of items plus the pagination block of the envelope. */
export interface Page<T> {
  readonly items: T[];
  readonly pagination: { limit: number; has_more: boolean; next_cursor?: string };
}

/**
 * Pages through refs sorted ascending, newest (highest) first: items strictly below
 * `cursor`, at most `limit`, those that pass `filter`. `next_cursor` is the last item's
 * ref when more remain. Cost: O(log n + items visited).
 */
export function pageDescending<T>(
  ascendingRefs: readonly string[],
  resolve: (ref: string) => T | undefined,
  options: { limit: number; cursor?: string | undefined; filter?: (item: T) => boolean },
): Page<T> {
  const { limit, cursor, filter } = options;
  let index = ascendingRefs.length - 1;
  if (cursor !== undefined) index = lastIndexBelow(ascendingRefs, cursor);
  const items: T[] = [];
  let lastRef: string | undefined;
  let hasMore = false;
  for (; index >= 0; index--) {
    const ref = ascendingRefs[index] as string;
    const item = resolve(ref);
    if (item === undefined || (filter && !filter(item))) continue;
    if (items.length === limit) {
      hasMore = true;
      break;
    }
    items.push(item);
    lastRef = ref;
  }
  const pagination =
    hasMore && lastRef !== undefined
      ? { limit, has_more: true, next_cursor: lastRef }
      : { limit, has_more: false };
  return { items, pagination };
}

// Index of the greatest ref strictly below `cursor` (binary search), or -1.
function lastIndexBelow(refs: readonly string[], cursor: string): number {
  let lo = 0;
  let hi = refs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareRefs(refs[mid] as string, cursor) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}
