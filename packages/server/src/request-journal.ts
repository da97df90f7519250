import type { ClockEvent } from './domain/account-time/apply-event';

/** Headers and body of a journalled request or response. */
export interface JournalMessage {
  /** Lower-case names; credentials read `"[redacted]"`. */
  readonly headers: Readonly<Record<string, string>>;
  /** UTF-8 text, the first 16 KiB; null when there was none. */
  readonly body: string | null;
  /** Whether `body` was cut at 16 KiB (`""` and true: a request body refused as too large). */
  readonly body_truncated: boolean;
}

/** One API request as the request journal keeps it (`GET /__admin/requests`); never a credential. */
export interface RequestEntry {
  /** Same as the response's `Request-Id` header. */
  readonly id: string;
  /** The space that answered it (its path starts `/spaces/{space_id}/`); null at the root. */
  readonly space_id: string | null;
  /** Server time when the request was received (ISO). */
  readonly time: string;
  /** The contract operation it matched, or null (404/405). */
  readonly operation: string | null;
  readonly method: string;
  /** Path as received, without the query (e.g. `/v1/orders`). */
  readonly path: string;
  /** Raw query string without `?`, `""` when none. */
  readonly query: string;
  readonly status: number;
  readonly duration_ms: number;
  /** The account of a valid API key, or null. */
  readonly account_ref: string | null;
  readonly idempotency_key: string | null;
  /** True when the answer was an idempotent replay. */
  readonly replayed: boolean;
  /** The injected fault that shaped the answer (`power:reject`, `shield:fail`, `latency`, …), or null. */
  readonly fault: string | null;
  readonly request: JournalMessage;
  readonly response: JournalMessage;
}

/**
 * What the server's clock did (reference spec, section 9): one applied due event, in the
 * journal beside the requests. No request made it, so it has no request id (`id: null`).
 */
export interface ClockEventEntry extends Omit<ClockEvent, 'kind'> {
  readonly kind: 'clock_event';
  readonly id: null;
  /** The space whose clock it was; null at the root. */
  readonly space_id: string | null;
  /** The event's due time (ISO, its `due_at`), not the time of the request that noticed it. */
  readonly time: string;
  /** `service_renewal`, `service_suspension`, `service_expiry` or `shield_grace_end`. */
  readonly event: ClockEvent['kind'];
}

/** An entry of the journal: an API request, or an event of the server's clock. */
export type JournalItem = RequestEntry | ClockEventEntry;

/** Whether a journal entry is an API request (not a clock event). */
export const isRequestEntry = (entry: JournalItem): entry is RequestEntry =>
  (entry as { kind?: string }).kind !== 'clock_event';

/** Entries the journal keeps by default (`--journal-size`). */
export const DEFAULT_JOURNAL_SIZE = 1000;

/**
 * Characters of headers and bodies a journal keeps at most (16 Mi, ~16 MiB to 32 MiB of
 * memory), whatever its size in entries: past it the oldest entries go. An entry keeps up to
 * 16 KiB of each body and the request's headers, so 1,000 large ones held ~50 MB and
 * `--journal-size 100000` several GB, in each space. Ordinary entries (a few hundred bytes)
 * never reach it.
 */
export const JOURNAL_CHARS = 16 * 1024 * 1024;

/**
 * Characters the journals of one server keep together, the root's and every space's
 * ({@link JournalBudget}): four journals' worth (~64-128 MiB), where 256 spaces could each
 * have kept {@link JOURNAL_CHARS}.
 */
const SERVER_JOURNAL_CHARS = 4 * JOURNAL_CHARS;

/** What an entry holds besides its headers, bodies, path and query (ids, time, refs, the object). */
export const ENTRY_OVERHEAD_CHARS = 256;

/** Characters of a set of headers, names and values. */
export const headersChars = (headers: Readonly<Record<string, string>>): number => {
  let chars = 0;
  for (const name in headers) chars += name.length + (headers[name]?.length ?? 0);
  return chars;
};

// An entry added whole may be one a test kit or a test built in part.
const messageChars = (message: Partial<JournalMessage> | undefined): number =>
  (message?.body?.length ?? 0) + headersChars(message?.headers ?? {});

/** About how many characters a journal entry keeps: its headers, bodies, path and query. */
export function entryChars(entry: JournalItem): number {
  if (!isRequestEntry(entry)) return ENTRY_OVERHEAD_CHARS;
  const { path, query, request, response } = entry as Partial<RequestEntry>;
  return (
    ENTRY_OVERHEAD_CHARS +
    (path?.length ?? 0) +
    (query?.length ?? 0) +
    messageChars(request) +
    messageChars(response)
  );
}

/** A narrowing of {@link RequestJournal.query}; every given field must match. */
export interface JournalQuery {
  /** At most this many entries (newest kept). */
  readonly limit?: number;
  readonly operation?: string;
  readonly status?: number;
  readonly account_ref?: string;
  /** A request id: only entries recorded after it (all of them when it is no longer kept). */
  readonly since?: string;
}

/**
 * A request the journal keeps: what {@link RequestJournal.query} filters on, and its whole
 * entry, which may be built only when first read (`api/request-entry.ts`).
 */
export interface JournalRecord {
  /** Null for a clock event. */
  readonly id: string | null;
  readonly operation: string | null;
  /** Null for a clock event. */
  readonly status: number | null;
  readonly account_ref: string | null;
  /** About how many characters the entry keeps, built or not ({@link entryChars}). */
  readonly chars: number;
  /** The entry (the same object on every call). */
  entry(): JournalItem;
}

const recordOf = (entry: JournalItem): JournalRecord =>
  isRequestEntry(entry)
    ? {
        id: entry.id,
        operation: entry.operation,
        status: entry.status,
        account_ref: entry.account_ref,
        chars: entryChars(entry),
        entry: () => entry,
      }
    : {
        id: null,
        operation: null,
        status: null,
        account_ref: entry.account_ref,
        chars: entryChars(entry),
        entry: () => entry,
      };

/**
 * The characters of a server's journals, bounded together: past `maxChars` the journal
 * holding most (the one adding, at equal shares) drops its oldest entries, each journal
 * keeping its newest. Without it, each space's journal was bounded alone: 256 spaces could
 * hold 256 times {@link JOURNAL_CHARS}.
 */
export class JournalBudget {
  readonly #journals = new Set<RequestJournal>();
  #chars = 0;

  constructor(readonly maxChars: number = SERVER_JOURNAL_CHARS) {}

  /** Characters the journals hold together. */
  get chars(): number {
    return this.#chars;
  }

  /** @internal A journal joins (on construction). */
  join(journal: RequestJournal): void {
    this.#journals.add(journal);
  }

  /** @internal A journal leaves (closed), its entries gone. */
  leave(journal: RequestJournal): void {
    this.#journals.delete(journal);
  }

  /** @internal `chars` more (negative: fewer) held by `journal`; trims the largest while over. */
  change(journal: RequestJournal, chars: number): void {
    this.#chars += chars;
    while (chars > 0 && this.#chars > this.maxChars) {
      let largest = journal.canDrop ? journal : undefined;
      for (const other of this.#journals) {
        if (other.canDrop && other.chars > (largest?.chars ?? 0)) largest = other;
      }
      if (largest === undefined) return;
      largest.dropOldest();
    }
  }
}

/**
 * The last API requests and clock events, for `GET /__admin/requests` and its event stream:
 * at most `capacity` entries and {@link JOURNAL_CHARS} characters of them (and, with a
 * {@link JournalBudget}, what the server's journals may hold together), the oldest dropped
 * first.
 */
export class RequestJournal {
  // Oldest first from `#first`: dropped entries are cleared and the array compacted now and then.
  readonly #records: (JournalRecord | undefined)[] = [];
  #first = 0;
  #chars = 0;
  readonly #listeners = new Set<(entry: JournalItem) => void>();
  readonly #onClose = new Set<() => void>();
  #closed = false;

  /**
   * @param capacity entries kept; the oldest are dropped beyond it
   * @param maxChars characters of entries kept ({@link entryChars}); the oldest are dropped
   *   beyond it, the newest entry always kept
   * @param budget the characters this journal shares with the server's others
   */
  constructor(
    readonly capacity: number = DEFAULT_JOURNAL_SIZE,
    readonly maxChars: number = JOURNAL_CHARS,
    private readonly budget?: JournalBudget,
  ) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) {
      throw new RangeError(`journal size must be a positive integer, got ${capacity}`);
    }
    budget?.join(this);
  }

  /** Characters of the entries kept ({@link entryChars}). */
  get chars(): number {
    return this.#chars;
  }

  /** @internal Whether it keeps more than its newest entry (which it never drops). */
  get canDrop(): boolean {
    return this.#records.length - this.#first > 1;
  }

  /** Records one request or clock event, dropping the oldest beyond the limits, and tells the subscribers. */
  add(entry: JournalItem): void {
    this.record(recordOf(entry));
  }

  /**
   * Records one request whose entry is built when first read (by a query or a subscriber),
   * dropping the oldest beyond the limits.
   */
  record(record: JournalRecord): void {
    this.#records.push(record);
    this.#chars += record.chars;
    while (
      this.#records.length - this.#first > this.capacity ||
      (this.#chars > this.maxChars && this.#records.length - this.#first > 1)
    ) {
      this.dropOldest();
    }
    this.budget?.change(this, record.chars);
    if (this.#listeners.size === 0) return;
    const entry = record.entry();
    for (const listener of this.#listeners) listener(entry);
  }

  /** @internal Drops the oldest entry (its budget's, or its own limits' call). */
  dropOldest(): void {
    const oldest = this.#records[this.#first] as JournalRecord;
    this.#records[this.#first] = undefined;
    this.#first++;
    this.#chars -= oldest.chars;
    this.budget?.change(this, -oldest.chars);
    // Compacted once the dropped part is as long as the kept one: O(1) a record on average.
    if (this.#first >= this.#records.length - this.#first) {
      this.#records.splice(0, this.#first);
      this.#first = 0;
    }
  }

  /** Entries oldest first. */
  list(): JournalItem[] {
    return this.#ordered().map((record) => record.entry());
  }

  #ordered(): JournalRecord[] {
    return this.#records.slice(this.#first) as JournalRecord[];
  }

  /** Entries newest first, narrowed by `query`. */
  query(query: JournalQuery = {}): JournalItem[] {
    const all = this.#ordered();
    let start = 0;
    if (query.since !== undefined) {
      const index = all.findIndex((record) => record.id === query.since);
      start = index + 1;
    }
    const limit = query.limit ?? Number.POSITIVE_INFINITY;
    const found: JournalItem[] = [];
    for (let i = all.length - 1; i >= start && found.length < limit; i--) {
      const record = all[i] as JournalRecord;
      if (query.operation !== undefined && record.operation !== query.operation) continue;
      if (query.status !== undefined && record.status !== query.status) continue;
      if (query.account_ref !== undefined && record.account_ref !== query.account_ref) continue;
      found.push(record.entry());
    }
    return found;
  }

  /** The entry recorded under request id `id`, while the journal still keeps it. */
  get(id: string): RequestEntry | undefined {
    let entry: JournalItem | undefined;
    for (let i = this.#first; i < this.#records.length && entry === undefined; i++) {
      const record = this.#records[i] as JournalRecord;
      if (record.id === id) entry = record.entry();
    }
    return entry === undefined || !isRequestEntry(entry) ? undefined : entry;
  }

  /**
   * Calls `listener` with every entry added from now on, and `onClose` once the journal is
   * closed (at once when it is already); returns the unsubscribe function.
   */
  subscribe(listener: (entry: JournalItem) => void, onClose?: () => void): () => void {
    if (this.#closed) {
      onClose?.();
      return () => undefined;
    }
    this.#listeners.add(listener);
    if (onClose !== undefined) this.#onClose.add(onClose);
    return () => {
      this.#listeners.delete(listener);
      if (onClose !== undefined) this.#onClose.delete(onClose);
    };
  }

  /**
   * Ends every subscription (their `onClose` runs) and takes no new ones: the journal of a
   * deleted space, whose streams must end and whose entries must go with it.
   */
  close(): void {
    this.#closed = true;
    this.#listeners.clear();
    this.clear();
    this.budget?.leave(this);
    const ends = [...this.#onClose];
    this.#onClose.clear();
    for (const end of ends) end();
  }

  /** Forgets every entry (subscribers stay). */
  clear(): void {
    this.budget?.change(this, -this.#chars);
    this.#records.length = 0;
    this.#first = 0;
    this.#chars = 0;
  }
}
