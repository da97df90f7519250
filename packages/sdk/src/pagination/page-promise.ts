import { ApiPromise, type ApiResponse } from '../api-promise';
import type { Page } from './page';

/** Options of every list method on top of the per-request options. */
export interface ListOptions {
  /**
   * Stop after this many items (item iteration) or once pages hold this many (`pages()`): a
   * whole number from 0, or `Infinity`; anything else rejects with a `ConfigurationError`.
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
