import type { Page, RefClient, RequestOptions } from '@refapi/sdk';
import type { CallArgs } from './operation-tools';

/** The structured result of a list tool. */
export interface ListResult {
  readonly items: unknown[];
  readonly has_more: boolean;
  readonly next_cursor?: string;
}

// The contract's largest page.
const PAGE_MAX = 100;

/**
 * Fetches pages through the SDK until `maxItems` items, each page sized to what is
 * still missing, so the last page's cursor is exactly where the result ends (a cut page
 * would lose the items after the cut).
 */
export async function collectList(
  fetchPage: (client: RefClient, args: CallArgs, options: RequestOptions) => Promise<Page<unknown>>,
  client: RefClient,
  args: CallArgs,
  maxItems: number,
  options: RequestOptions,
  pageMax = PAGE_MAX,
): Promise<ListResult> {
  const items: unknown[] = [];
  let cursor = args.query.cursor as string | undefined;
  for (;;) {
    const limit = Math.min(pageMax, maxItems - items.length);
    const query = { ...args.query, limit, ...(cursor === undefined ? {} : { cursor }) };
    const page = await fetchPage(client, { ...args, query }, options);
    items.push(...page.items);
    const more = page.hasNextPage();
    cursor = page.nextCursor;
    if (!more || items.length >= maxItems || page.items.length === 0) {
      return more && cursor !== undefined
        ? { items, has_more: true, next_cursor: cursor }
        : { items, has_more: false };
    }
  }
}
