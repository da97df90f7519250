import type { ClockEventEntry, JournalItem, RequestEntry } from '@refapi/server/browser';

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

/** Whether a journal entry is an event of the server's clock (not an API request). */
export const isClockEvent = (entry: JournalItem): entry is ClockEventEntry =>
  'kind' in entry && entry.kind === 'clock_event';

/**
 * An entry's identity in the list. A request has its id; a clock event has none (no request
 * made it), and one account's service sees each kind of event at most once per due time.
 */
export function entryKey(entry: JournalItem): string {
  if (!isClockEvent(entry)) return entry.id;
  return `clock:${entry.event}:${entry.due_at}:${entry.account_ref}:${entry.service_ref ?? ''}`;
}

/** What the Operation column and filter show: the operation, or the clock event's kind. */
export const operationOf = (entry: JournalItem): string =>
  (isClockEvent(entry) ? `clock: ${entry.event}` : entry.operation) ?? '(none)';

/**
 * Whether an entry passes the filter. `status` matches exactly (`404`) or a class (`4xx`),
 * and never a clock event (it has none); `text` searches the id, path, query, idempotency
 * key, fault and both bodies of a request, and the refs and reason of a clock event,
 * ignoring case.
 */
export function matchesFilter(entry: JournalItem, filter: JournalFilter): boolean {
  if (filter.operation !== '' && operationOf(entry) !== filter.operation) return false;
  if (filter.account !== '' && (entry.account_ref ?? '(none)') !== filter.account) return false;
  const status = filter.status.trim().toLowerCase();
  if (status !== '') {
    if (isClockEvent(entry)) return false;
    const klass = /^([1-5])xx$/.exec(status);
    if (klass) {
      if (Math.floor(entry.status / 100) !== Number(klass[1])) return false;
    } else if (String(entry.status) !== status) return false;
  }
  const text = filter.text.trim().toLowerCase();
  if (text !== '') {
    const haystack = (isClockEvent(entry) ? clockEventWords(entry) : requestWords(entry))
      .join('\n')
      .toLowerCase();
    if (!haystack.includes(text)) return false;
  }
  return true;
}

const requestWords = (entry: RequestEntry) => [
  entry.id,
  entry.method,
  entry.path,
  entry.query,
  entry.idempotency_key ?? '',
  entry.fault ?? '',
  entry.request.body ?? '',
  entry.response.body ?? '',
];

const clockEventWords = (entry: ClockEventEntry) => [
  entry.event,
  entry.service_ref ?? '',
  entry.invoice_ref ?? '',
  entry.transaction_ref ?? '',
  entry.reason ?? '',
];

/**
 * Adds entries (any order, possibly already known) to a newest-first list: no duplicates
 * (by {@link entryKey}), newest first by server time (a clock event's is its due time), at
 * most {@link JOURNAL_CAP}. Returns the same array when nothing was new, so React skips the
 * render.
 */
export function mergeEntries(current: readonly JournalItem[], incoming: readonly JournalItem[]) {
  const known = new Set(current.map(entryKey));
  const fresh = incoming.filter((entry) => !known.has(entryKey(entry)));
  if (fresh.length === 0) return current as JournalItem[];
  const merged = [...fresh, ...current];
  // Stable sort: entries of the same millisecond keep their arrival order.
  merged.sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
  return merged.slice(0, JOURNAL_CAP);
}

/** The distinct values of one field, sorted, for the filter menus. */
export function distinct(entries: readonly JournalItem[], pick: (e: JournalItem) => string) {
  return [...new Set(entries.map(pick))].sort();
}
