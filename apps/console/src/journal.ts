import type { RequestEntry } from '@refapi/server/browser';

/** The most entries the console keeps, as many as the server's default ring buffer. */
export const JOURNAL_CAP = 1000;

/** What the journal list is narrowed to; empty strings match everything. */
export interface JournalFilter {
  operation: string;
  status: string;
  account: string;
  text: string;
}

/** The filter that lets every entry through. */
export const NO_FILTER: JournalFilter = { operation: '', status: '', account: '', text: '' };

/**
 * Whether an entry passes the filter. `status` matches exactly (`404`) or a class (`4xx`);
 * `text` searches the id, path, query, idempotency key, fault and both bodies, ignoring case.
 */
export function matchesFilter(entry: RequestEntry, filter: JournalFilter): boolean {
  if (filter.operation !== '' && (entry.operation ?? '(none)') !== filter.operation) return false;
  if (filter.account !== '' && (entry.account_ref ?? '(none)') !== filter.account) return false;
  const status = filter.status.trim().toLowerCase();
  if (status !== '') {
    const klass = /^([1-5])xx$/.exec(status);
    if (klass) {
      if (Math.floor(entry.status / 100) !== Number(klass[1])) return false;
    } else if (String(entry.status) !== status) return false;
  }
  const text = filter.text.trim().toLowerCase();
  if (text !== '') {
    const haystack = [
      entry.id,
      entry.method,
      entry.path,
      entry.query,
      entry.idempotency_key ?? '',
      entry.fault ?? '',
      entry.request.body ?? '',
      entry.response.body ?? '',
    ]
      .join('\n')
      .toLowerCase();
    if (!haystack.includes(text)) return false;
  }
  return true;
}

/**
 * Adds entries (any order, possibly already known) to a newest-first list: no duplicate ids,
 * newest first by server time, at most {@link JOURNAL_CAP}. Returns the same array when
 * nothing was new, so React skips the render.
 */
export function mergeEntries(current: readonly RequestEntry[], incoming: readonly RequestEntry[]) {
  const known = new Set(current.map((entry) => entry.id));
  const fresh = incoming.filter((entry) => !known.has(entry.id));
  if (fresh.length === 0) return current as RequestEntry[];
  const merged = [...fresh, ...current];
  // Stable sort: entries of the same millisecond keep their arrival order.
  merged.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
  return merged.slice(0, JOURNAL_CAP);
}

/** The distinct values of one field, sorted, for the filter menus. */
export function distinct(entries: readonly RequestEntry[], pick: (e: RequestEntry) => string) {
  return [...new Set(entries.map(pick))].sort();
}
