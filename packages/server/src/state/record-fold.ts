import type { Change, Store } from '../store/store';
import { entryKey, patchRecord, type RecordEntry, resolveRecordEntry } from './record-entry';

/**
 * Record changes of many write-ahead log lines folded into the last version of each record, then
 * committed at once: a restart after 2,000 orders writes the account once, not 2,000 times.
 * Patches apply to the folded version when there is one, else to the record in the store.
 */
export class RecordFold {
  readonly #latest = new Map<string, Change>();

  constructor(private readonly store: Store) {}

  /** Folds the record entries of one commit in; throws when a patch has nothing to patch. */
  add(entries: readonly RecordEntry[]): void {
    for (const entry of entries) {
      const key = entryKey(entry);
      const folded = this.#latest.get(key);
      const change =
        folded !== undefined && !('r' in entry)
          ? patchRecord(folded.record, entry)
          : resolveRecordEntry(this.store, entry);
      this.#latest.set(key, change);
    }
  }

  /** Commits the folded records (validated by the store) and starts over. */
  async flush(): Promise<void> {
    if (this.#latest.size === 0) return;
    const changes = [...this.#latest.values()];
    this.#latest.clear();
    await this.store.commit(changes);
  }
}
