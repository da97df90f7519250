import type { ApiResponse } from '../api-promise';
import { MAX_EMPTY_PAGES, PaginationLoopError } from '../errors/client-errors';
import type { RateLimitState } from '../rate-limit';

/** One page as the list helper sees it, whatever the envelope looked like. */
export interface PageData<T> {
  readonly items: T[];
  readonly hasMore: boolean;
  readonly nextCursor: string | undefined;
}

/** How a chain of pages fetches the next one; shared by every page of one list. */
export interface PageContext<T> {
  readonly operationId: string;
  readonly fetchPage: (cursor: string) => Promise<ApiResponse<Page<T>>>;
  /** The cursor the first page was fetched with (`query.cursor`), when there was one. */
  readonly initialCursor?: string | undefined;
  /**
   * The list's `maxItems`: a walk over any of its pages (`for await`) yields at most this
   * many items. Absent: no bound.
   */
  readonly maxItems?: number | undefined;
}

/**
 * The pages fetched one after another from a first page: the cursor that fetched each of
 * the last {@link RECENT_CURSORS}, by its depth, and the page at the end. A cursor the server
 * hands out that already fetched a page of the same walk would lead back there: a loop. A
 * page that is not at the end (its next page fetched again, or the list walked a second
 * time) starts a walk of its own from its depth, so going over a list twice or retrying a
 * failed page is never taken for one. Only cursors are kept, never the pages: a long walk
 * holds no items it has passed, and at most {@link RECENT_CURSORS} cursors plus one.
 */
interface Walk {
  /** The cursor that fetched each of the walk's last pages, by depth (oldest first). */
  readonly recent: Map<number, string>;
  readonly seen: Set<string>;
  /**
   * A loop through more pages than `recent` holds comes back to this cursor (Brent's cycle
   * detection: taken anew after 1, 2, 4, 8, … pages, `span` the next such count).
   */
  anchor: string | undefined;
  steps: number;
  span: number;
  end: object;
}

/** Cursors a walk keeps to tell a loop the moment a cursor comes back. */
const RECENT_CURSORS = 1000;

function newWalk(recent: Map<number, string>, end: object): Walk {
  return { recent, seen: new Set(recent.values()), anchor: undefined, steps: 0, span: 1, end };
}

function remember(walk: Walk, depth: number, cursor: string): void {
  walk.recent.set(depth, cursor);
  walk.seen.add(cursor);
  if (walk.recent.size > RECENT_CURSORS) {
    const [oldest, old] = walk.recent.entries().next().value as [number, string];
    walk.recent.delete(oldest);
    walk.seen.delete(old);
  }
  if (++walk.steps >= walk.span) {
    walk.anchor = cursor;
    walk.span *= 2;
    walk.steps = 0;
  }
}

/**
 * One page of a cursor-paginated list. `for await` over a page walks its items and then
 * every following page, fetching each only when needed, and stops after the list's
 * `maxItems` items (counted from this page) as a walk over the list does.
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
  #walk: Walk | undefined;
  #depth = 0;
  // Empty pages in a row that end with this one (0 when it has items).
  #emptyRun: number;

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
    this.#emptyRun = data.items.length === 0 ? 1 : 0;
  }

  /** Whether `getNextPage()` would fetch a page. */
  hasNextPage(): boolean {
    return this.hasMore && this.nextCursor !== undefined;
  }

  /**
   * Fetches the following page; resolves to `null` after the last page.
   * @throws PaginationLoopError when the server hands out a cursor it already gave, or when
   * this page ends a run of {@link MAX_EMPTY_PAGES} (100) empty pages in a row that each
   * said there is more: a server that would otherwise be asked for pages without end.
   */
  async getNextPage(): Promise<Page<T> | null> {
    const next = await this.getNextPageWithResponse();
    return next?.data ?? null;
  }

  /** Like `getNextPage()`, with the raw response and rate-limit state. */
  async getNextPageWithResponse(): Promise<ApiResponse<Page<T>> | null> {
    const cursor = this.nextCursor;
    if (!this.hasMore || cursor === undefined) return null;
    const walk = this.#walkFromHere();
    if (walk.seen.has(cursor) || walk.anchor === cursor) {
      throw new PaginationLoopError(this.#context.operationId, cursor);
    }
    if (this.#emptyRun >= MAX_EMPTY_PAGES) {
      throw new PaginationLoopError(this.#context.operationId, cursor, this.#emptyRun);
    }
    // Counted once it fetched a page: a failed attempt may be made again.
    const next = await this.#context.fetchPage(cursor);
    if (next.data.items.length === 0) next.data.#emptyRun = this.#emptyRun + 1;
    const depth = this.#depth + 1;
    remember(walk, depth, cursor);
    walk.end = next.data;
    next.data.#walk = walk;
    next.data.#depth = depth;
    return next;
  }

  /** The walk this page ends, or a new one from it when the walk went on elsewhere. */
  #walkFromHere(): Walk {
    if (this.#walk?.end === this) return this.#walk;
    const recent = new Map<number, string>();
    if (this.#walk === undefined) {
      const initial = this.#context.initialCursor;
      if (initial !== undefined) recent.set(0, initial);
    } else {
      for (const [depth, cursor] of this.#walk.recent)
        if (depth <= this.#depth) recent.set(depth, cursor);
    }
    this.#walk = newWalk(recent, this);
    return this.#walk;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let left = this.#context.maxItems ?? Number.POSITIVE_INFINITY;
    let page: Page<T> | null = this;
    // No page is fetched past the last item the walk may yield.
    while (page && left > 0) {
      for (const item of page.items) {
        yield item;
        if (--left <= 0) return;
      }
      page = await page.getNextPage();
    }
  }
}
