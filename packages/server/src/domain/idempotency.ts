import { boundedMemo } from '../internal/bounded-memo';
import { sha256Hex } from '../internal/crypto';
import { isoTime } from '../internal/iso-time';
import { DeferredPiece, type JsonPiece, piecesText, utf8 } from '../internal/json-pieces';

/** A completed response kept for replay. */
export interface StoredResponse {
  readonly status: number;
  readonly body?: unknown;
  readonly text?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A completed idempotent request as it appears in the exported state. */
export interface IdempotencyEntry {
  readonly account_ref: string;
  readonly operation_id: string;
  readonly key: string;
  readonly fingerprint: string;
  /** Server time (ISO) the response was stored; retention runs from here. */
  readonly stored_at: string;
  readonly response: StoredResponse;
}

/** What to do with a request carrying an Idempotency-Key. */
export type IdempotencyClaim =
  | { readonly kind: 'new'; complete(response: StoredResponse): void; release(): void }
  | { readonly kind: 'replay'; readonly response: StoredResponse }
  | { readonly kind: 'in_use' }
  | { readonly kind: 'reused' };

/** Retention of completed responses on the server clock. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

// One shape for both states (a claim is completed in place): `storedAt` is the claim's
// time, from which the retention runs once it is done.
type Slot =
  | { state: 'running'; fingerprint: string; storedAt: number; response: undefined }
  | { state: 'done'; fingerprint: string; storedAt: number; response: StoredResponse };

// `json`: the JSON of its entry once made (a completed record never changes: a new claim
// replaces it): text for its write-ahead log line, then, from the first compaction on, the
// UTF-8 bytes of a comma and that text (the text goes: only compactions read it again, and
// they write bytes, each entry after a comma but the first).
type KeyedSlot = Slot & {
  account: string;
  operation: string;
  key: string;
  json?: string | Uint8Array;
};

/**
 * The completed records of an {@link IdempotencyStore} at one moment, shared copy-on-write
 * with the store it came from: what {@link IdempotencyStore.restore} puts back (snapshots,
 * spaces). Opaque.
 */
export interface IdempotencyFork {
  readonly slots: ReadonlyMap<string, KeyedSlot>;
}

/** Canonical JSON (object keys sorted) hashed with SHA-256: the identity of a request. */
export function fingerprint(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

// Byte for byte what stored fingerprints were made with (state files keep them): keys in
// code-unit order, undefined members left out, undefined elements as null (holes as
// nothing, as `map` and `join` made them). Built in one pass, without entry arrays:
// every idempotent write fingerprints its body.
function canonicalJson(value: unknown): string {
  if (typeof value === 'string') return isPlainText(value) ? `"${value}"` : JSON.stringify(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      out += `${i === 0 ? '' : ','}${i in value ? canonicalJson(value[i]) : ''}`;
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = sortedKeys(record);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const member = record[key];
    if (member === undefined) continue;
    out += `${out.length === 1 ? '' : ','}${quotedKey(key)}:${canonicalJson(member)}`;
  }
  return `${out}}`;
}

// Whether JSON writes `text` as it is between quotes: printable ASCII without `"` or `\`.
// Most body strings are (codes, names); `JSON.stringify` is a call into the runtime.
function isPlainText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e || code === 0x22 || code === 0x5c) return false;
  }
  return true;
}

// The keys in code-unit order (as `sort()` orders strings), sorted in place: a body has a
// handful, and `sort()` copied them into a work array first, its largest allocation here.
function sortedKeys(record: object): string[] {
  const keys = Object.keys(record);
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}

// Bodies repeat their keys from request to request: each is quoted once (bounded).
const quotedKey = boundedMemo((key: string) => JSON.stringify(key), 1024);

// Joined, not a template: a template's result is a rope of its pieces, and the map keeps
// the key of every write of the last 24 h.
const slotKey = (account: string, operation: string, key: string) =>
  [account, operation, key].join('\u0000');

const isKept = (slot: KeyedSlot, nowMs: number): slot is KeyedSlot & { state: 'done' } =>
  slot.state === 'done' && nowMs - slot.storedAt < IDEMPOTENCY_RETENTION_MS;

const entryOf = (slot: KeyedSlot & { state: 'done' }): IdempotencyEntry => ({
  account_ref: slot.account,
  operation_id: slot.operation,
  key: slot.key,
  fingerprint: slot.fingerprint,
  stored_at: isoTime(slot.storedAt),
  response: slot.response,
});

/** The JSON text of a completed record's entry, made once (see `KeyedSlot`). */
function entryText(slot: KeyedSlot & { state: 'done' }): string {
  slot.json ??= JSON.stringify(entryOf(slot));
  return typeof slot.json === 'string' ? slot.json : piecesText([slot.json.subarray(1)]);
}

/** A comma and the entry's JSON as UTF-8, encoded once and kept in place of its text. */
function commaEntryBytes(slot: KeyedSlot & { state: 'done' }): Uint8Array {
  const json = slot.json ?? JSON.stringify(entryOf(slot));
  if (typeof json !== 'string') return json;
  const bytes = utf8(`,${json}`);
  slot.json = bytes;
  return bytes;
}

/**
 * An entry's piece of the export: its {@link commaEntryBytes}, without the comma when it is
 * the first (a view, not a copy); an entry not encoded yet is encoded when first read (a
 * compaction reads the pieces after its gate, see `DeferredPiece`).
 */
function entryPiece(slot: KeyedSlot & { state: 'done' }, first: boolean): JsonPiece {
  // A closure only for an entry not encoded yet: the export runs inside a compaction's gate.
  return slot.json instanceof Uint8Array
    ? commaCut(slot.json, first)
    : new DeferredPiece(() => commaCut(commaEntryBytes(slot), first));
}

const commaCut = (bytes: Uint8Array, first: boolean) => (first ? bytes.subarray(1) : bytes);

const [OPEN, CLOSE] = ['[', ']'].map(utf8) as [Uint8Array, Uint8Array];

/**
 * Idempotency records scoped per account and operation. A key is claimed before the
 * operation runs (concurrent duplicates see `in_use`), then completed with the final
 * response (replayed for 24 h) or released when the outcome was transient.
 */
export class IdempotencyStore {
  #slots = new Map<string, KeyedSlot>();
  // False while `#slots` is shared with forks: the next write copies it first.
  #owned = true;
  // Claims not yet completed or released: a fork taken while some run leaves them out.
  #running = 0;
  #claims = 0;
  // Bumped when the records are replaced wholesale: claims of an earlier one are void.
  #generation = 0;
  readonly #listeners = new Set<(entryText: () => string) => void>();

  /**
   * Subscribes to completed requests (the write-ahead log stores their responses): each
   * gets its entry's JSON text, made when first asked for and kept for the compactions.
   */
  onComplete(listener: (entryText: () => string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Claims `key` for a request with the given fingerprint at `nowMs`. */
  claim(
    account: string,
    operation: string,
    key: string,
    requestFingerprint: string,
    nowMs: number,
  ): IdempotencyClaim {
    // Expired records are ignored on lookup; sweeping them now and then bounds memory.
    if (++this.#claims % 1024 === 0) this.purge(nowMs);
    const id = slotKey(account, operation, key);
    const slot = this.#slots.get(id);
    if (slot !== undefined) {
      const expired = slot.state === 'done' && nowMs - slot.storedAt >= IDEMPOTENCY_RETENTION_MS;
      if (!expired) {
        if (slot.fingerprint !== requestFingerprint) return { kind: 'reused' };
        if (slot.state === 'running') return { kind: 'in_use' };
        return { kind: 'replay', response: slot.response };
      }
    }
    const entry: KeyedSlot = {
      state: 'running',
      fingerprint: requestFingerprint,
      storedAt: nowMs,
      response: undefined,
      account,
      operation,
      key,
    };
    const slots = this.#own();
    // Deleted first so the new claim goes to the end, in order for the sweep.
    if (slot !== undefined) slots.delete(id);
    slots.set(id, entry);
    this.#running++;
    // Settled once: `import` and `restore` drop claims in flight (a new generation).
    const generation = this.#generation;
    const inFlight = () => generation === this.#generation && entry.state === 'running';
    return {
      kind: 'new',
      complete: (response) => {
        if (!inFlight()) return;
        this.#running--;
        // Completed in place, without another lookup in a map of every key of the last
        // 24 h: a running claim is in no fork (`fork` leaves them out), so nothing else
        // sees it change; completed records are never changed again.
        const completed = entry as { state: Slot['state']; response: StoredResponse | undefined };
        completed.response = response;
        completed.state = 'done';
        if (this.#listeners.size === 0) return;
        // Done now (above); the type still sees the claim it was made as.
        const text = () => entryText(entry as KeyedSlot as KeyedSlot & { state: 'done' });
        for (const listener of this.#listeners) listener(text);
      },
      release: () => {
        if (!inFlight()) return;
        this.#running--;
        this.#own().delete(id);
      },
    };
  }

  /** Drops completed records older than the retention. */
  purge(nowMs: number): void {
    // Slots sit in the order they were claimed, which is the order of their `storedAt`
    // (a key claimed again moves to the end), so the sweep stops at the first record still
    // kept: it costs the records it drops, not all of them (a full scan every 1,024 writes
    // took milliseconds on a busy sandbox, a pause for the requests in flight). In-flight
    // claims are skipped, not waited for. A clock set back only delays the sweep: lookups
    // and exports check the age themselves.
    for (const [id, slot] of this.#slots) {
      if (slot.state === 'running') continue;
      if (nowMs - slot.storedAt < IDEMPOTENCY_RETENTION_MS) return;
      this.#own().delete(id);
    }
  }

  /** Completed, unexpired records, for the exported state. */
  export(nowMs: number): IdempotencyEntry[] {
    const entries: IdempotencyEntry[] = [];
    for (const slot of this.#slots.values()) {
      if (isKept(slot, nowMs)) entries.push(entryOf(slot));
    }
    return entries;
  }

  /**
   * {@link IdempotencyStore.export} as UTF-8 JSON in pieces, byte for byte: each entry
   * encoded once and kept, so a compaction neither encodes the entries again nor copies
   * them. Joined into one buffer, they were a copy of every response of the last 24 h at
   * each compaction (100+ MB, ~0.1 s on the event loop, and memory V8 counted against the
   * heap): a durable order's CPU 136 -> 125-129 µs without it (A/B, `bench durable`'s load).
   */
  exportPieces(nowMs: number): JsonPiece[] {
    const pieces: JsonPiece[] = [OPEN];
    for (const slot of this.#slots.values()) {
      if (isKept(slot, nowMs)) pieces.push(entryPiece(slot, pieces.length === 1));
    }
    pieces.push(CLOSE);
    return pieces;
  }

  /** Replaces every record with the given ones (in-flight claims are dropped). */
  import(entries: readonly IdempotencyEntry[]): void {
    this.#slots = new Map();
    this.#owned = true;
    this.#running = 0;
    this.#generation++;
    for (const entry of entries) this.put(entry);
  }

  /**
   * The completed records as they are now, in O(1): shared with this store until either
   * side writes (claims in flight are left out, which costs a copy while some run).
   */
  fork(): IdempotencyFork {
    if (this.#running > 0) {
      const slots = new Map<string, KeyedSlot>();
      for (const [id, slot] of this.#slots) if (slot.state === 'done') slots.set(id, slot);
      return { slots };
    }
    this.#owned = false;
    return { slots: this.#slots };
  }

  /** Puts a {@link fork} back, shared copy-on-write (the fork stays as it was). */
  restore(fork: IdempotencyFork): void {
    this.#slots = fork.slots as Map<string, KeyedSlot>;
    this.#owned = false;
    this.#running = 0;
    this.#generation++;
  }

  #own(): Map<string, KeyedSlot> {
    if (!this.#owned) {
      this.#slots = new Map(this.#slots);
      this.#owned = true;
    }
    return this.#slots;
  }

  /** Adds or replaces one completed record (journal replay). */
  put(entry: IdempotencyEntry): void {
    const id = slotKey(entry.account_ref, entry.operation_id, entry.key);
    const slots = this.#own();
    slots.delete(id);
    slots.set(id, {
      state: 'done',
      fingerprint: entry.fingerprint,
      storedAt: Date.parse(entry.stored_at),
      response: entry.response,
      account: entry.account_ref,
      operation: entry.operation_id,
      key: entry.key,
    });
  }
}
