import type { ApiResponse } from '../api-promise';
import { PaginationLoopError } from '../errors/client-errors';
import type { RateLimitState } from '../rate-limit';

/** One page as the list helper sees it, whatever the envelope looked like. */
export interface PageData<T> {
  readonly items: T[];
  readonly hasMore: boolean;
  readonly nextCursor: string | undefined;
}

/** How a chain of pages fetches the next one; shared by every page of one walk. */
export interface PageContext<T> {
  readonly operationId: string;
  readonly fetchPage: (cursor: string) => Promise<ApiResponse<Page<T>>>;
  /** Cursors already requested in this walk: a repeat means the server would loop us. */
  readonly seenCursors: Set<string>;
}

/**
 * One page of a cursor-paginated list. `for await` over a page walks its items and then
 * every following page, fetching each only when needed.
 */
export class Page<T> implements AsyncIterable<T> {
  /** The items of this page, in the server's order. */
  readonly items: T[];
  /** Whether the server has more items after this page. */
  readonly hasMore: boolean;
  /** Cursor of the next page, when there is one. */
  readonly nextCursor: string | undefined;
  /** Parsed `RateLimit-*` headers of the response of this page. */
  readonly rateLimit: RateLimitState | undefined;
  /** The server's `Request-Id` of the response of this page, when it sent one. */
  readonly requestId: string | undefined;
  readonly #context: PageContext<T>;

  constructor(
    data: PageData<T>,
    rateLimit: RateLimitState | undefined,
    context: PageContext<T>,
    requestId?: string,
  ) {
    this.items = data.items;
    this.hasMore = data.hasMore;
    this.nextCursor = data.nextCursor;
    this.rateLimit = rateLimit;
    this.requestId = requestId;
    this.#context = context;
  }

  /** Whether `getNextPage()` would fetch a page. */
  hasNextPage(): boolean {
    return this.hasMore && this.nextCursor !== undefined;
  }

  /**
   * Fetches the following page; resolves to `null` after the last page.
   * @throws PaginationLoopError when the server hands out a cursor it already gave.
   */
  async getNextPage(): Promise<Page<T> | null> {
    const next = await this.getNextPageWithResponse();
    return next?.data ?? null;
  }

  /** Like `getNextPage()`, with the raw response and rate-limit state. */
  async getNextPageWithResponse(): Promise<ApiResponse<Page<T>> | null> {
    const cursor = this.nextCursor;
    if (!this.hasMore || cursor === undefined) return null;
    const { seenCursors, operationId, fetchPage } = this.#context;
    if (seenCursors.has(cursor)) throw new PaginationLoopError(operationId, cursor);
    seenCursors.add(cursor);
    return fetchPage(cursor);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page: Page<T> | null = this;
    while (page) {
      yield* page.items;
      page = await page.getNextPage();
    }
  }
}
