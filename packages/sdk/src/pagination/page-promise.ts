import { ApiPromise, type ApiResponse } from '../api-promise';
import { ConfigurationError } from '../errors/client-errors';
import type { Page } from './page';

/** The most items `toArray()` collects: a bound on the memory one call can take. */
const TO_ARRAY_LIMIT_MAX = 10_000;

/** Options of {@link PagePromise.toArray}. */
export interface ToArrayOptions {
  /** How many items to collect at most: a whole number from 1 to 10,000 (required). */
  readonly limit: number;
}

/** Options of every list method on top of the per-request options. */
export interface ListOptions {
  /**
   * Stop after this many items (item iteration: `for await` over the list, or over its
   * awaited page or any later page, counting from that page) or once pages hold this many
   * (`pages()`): a whole number from 0, or `Infinity`; anything else rejects with a
   * `ConfigurationError`. `getNextPage()` fetches the next page regardless.
   */
  readonly maxItems?: number | undefined;
}

/**
 * What list methods return. `await` it for the first page; `for await` over it for every
 * item across pages, lazily; `.pages()` for page after page. A walk throws
 * `PaginationLoopError` when the server repeats a cursor or answers 100 empty pages in a row
 * that each have a next cursor, rather than asking for pages without end.
 * @example for await (const invoice of client.invoices.list()) console.log(invoice.invoice_ref);
 */
export class PagePromise<T> extends ApiPromise<Page<T>> implements AsyncIterable<T> {
  readonly #maxItems: number;

  constructor(firstPage: Promise<ApiResponse<Page<T>>>, options: ListOptions = {}) {
    super(firstPage);
    this.#maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  }

  /** Iterates pages, starting with the first, until the last page or `maxItems`. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let seen = 0;
    let page: Page<T> | null = await this;
    while (page && seen < this.#maxItems) {
      yield page;
      seen += page.items.length;
      if (seen >= this.#maxItems) return;
      page = await page.getNextPage();
    }
  }

  /**
   * Collects the items across pages into an array, up to `limit` (a whole number from 1 to
   * 10,000; else a `ConfigurationError`) and `maxItems`, fetching no page past them.
   * @example const newest = await client.invoices.list({ limit: 100 }).toArray({ limit: 250 });
   */
  async toArray(options: ToArrayOptions): Promise<T[]> {
    const limit: unknown = options?.limit;
    if (
      !(
        Number.isSafeInteger(limit) &&
        (limit as number) >= 1 &&
        (limit as number) <= TO_ARRAY_LIMIT_MAX
      )
    ) {
      // The first page was asked for already: its failure is not left unhandled.
      this.catch(() => undefined);
      const got = typeof limit === 'string' ? JSON.stringify(limit) : String(limit);
      throw new ConfigurationError(
        `toArray needs a limit: a whole number from 1 to ${TO_ARRAY_LIMIT_MAX}, got ${got}.`,
      );
    }
    const items: T[] = [];
    // Leaving the loop at the limit ends the walk: no further page is fetched.
    for await (const item of this) {
      items.push(item);
      if (items.length >= (limit as number)) break;
    }
    return items;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let left = this.#maxItems;
    // The first page was asked for already: awaited, so its failure is thrown here, never
    // left unhandled (which ends a Node process).
    if (!(left > 0)) {
      await this;
      return;
    }
    for await (const page of this.pages()) {
      for (const item of page.items) {
        yield item;
        if (--left <= 0) return;
      }
    }
  }
}
