import { sha256, toHex } from '../internal/crypto';

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

type Slot =
  | { state: 'running'; fingerprint: string }
  | { state: 'done'; fingerprint: string; storedAt: number; response: StoredResponse };

/** Canonical JSON (object keys sorted) hashed with SHA-256: the identity of a request. */
export function fingerprint(value: unknown): string {
  return toHex(sha256(canonicalJson(value)));
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const slotKey = (account: string, operation: string, key: string) =>
  `${account}\u0000${operation}\u0000${key}`;

/**
 * Idempotency records scoped per account and operation. A key is claimed before the
 * operation runs (concurrent duplicates see `in_use`), then completed with the final
 * response (replayed for 24 h) or released when the outcome was transient.
 */
export class IdempotencyStore {
  #slots = new Map<string, Slot & { account: string; operation: string; key: string }>();
  #claims = 0;
  readonly #listeners = new Set<(entry: IdempotencyEntry) => void>();

  /** Subscribes to completed requests (the write-ahead log stores their responses). */
  onComplete(listener: (entry: IdempotencyEntry) => void): () => void {
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
    const running = { state: 'running' as const, fingerprint: requestFingerprint };
    const entry = { ...running, account, operation, key };
    // Deleted first so the new claim goes to the end, in order for the sweep.
    if (slot !== undefined) this.#slots.delete(id);
    this.#slots.set(id, entry);
    return {
      kind: 'new',
      complete: (response) => {
        if (this.#slots.get(id) !== entry) return;
        this.#slots.set(id, {
          state: 'done',
          fingerprint: requestFingerprint,
          storedAt: nowMs,
          response,
          account,
          operation,
          key,
        });
        if (this.#listeners.size === 0) return;
        const done: IdempotencyEntry = {
          account_ref: account,
          operation_id: operation,
          key,
          fingerprint: requestFingerprint,
          stored_at: new Date(nowMs).toISOString(),
          response,
        };
        for (const listener of this.#listeners) listener(done);
      },
      release: () => {
        if (this.#slots.get(id) === entry) this.#slots.delete(id);
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
      this.#slots.delete(id);
    }
  }

  /** Completed, unexpired records, for the exported state. */
  export(nowMs: number): IdempotencyEntry[] {
    const entries: IdempotencyEntry[] = [];
    for (const slot of this.#slots.values()) {
      if (slot.state !== 'done' || nowMs - slot.storedAt >= IDEMPOTENCY_RETENTION_MS) continue;
      entries.push({
        account_ref: slot.account,
        operation_id: slot.operation,
        key: slot.key,
        fingerprint: slot.fingerprint,
        stored_at: new Date(slot.storedAt).toISOString(),
        response: slot.response,
      });
    }
    return entries;
  }

  /** Replaces every record with the given ones (in-flight claims are dropped). */
  import(entries: readonly IdempotencyEntry[]): void {
    this.#slots = new Map();
    for (const entry of entries) this.put(entry);
  }

  /** Adds or replaces one completed record (journal replay). */
  put(entry: IdempotencyEntry): void {
    const id = slotKey(entry.account_ref, entry.operation_id, entry.key);
    this.#slots.delete(id);
    this.#slots.set(id, {
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
