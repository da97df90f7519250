import type { RequestEntry } from './server-context';

const CAPACITY = 1000;

/** The last 1,000 API requests (a ring buffer), for GET /__admin/requests. */
export class RequestJournal {
  readonly #entries: RequestEntry[] = [];
  #next = 0;

  /** Records one request, dropping the oldest beyond capacity. */
  add(entry: RequestEntry): void {
    if (this.#entries.length < CAPACITY) this.#entries.push(entry);
    else this.#entries[this.#next] = entry;
    this.#next = (this.#next + 1) % CAPACITY;
  }

  /** Entries oldest first. */
  list(): RequestEntry[] {
    if (this.#entries.length < CAPACITY) return [...this.#entries];
    return [...this.#entries.slice(this.#next), ...this.#entries.slice(0, this.#next)];
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.length = 0;
    this.#next = 0;
  }
}
