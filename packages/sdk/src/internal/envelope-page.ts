import { routes } from '@refapi/schema/client';
import type { PageData } from '../pagination/page';
import type { ItemOf, ListOperationId, SuccessOf } from './operation-types';

interface Envelope {
  readonly pagination?: { readonly has_more?: boolean; readonly next_cursor?: string };
}

/** Reads a `{<items>, pagination}` envelope of list K into a page. */
export function envelopePage<K extends ListOperationId>(operationId: K) {
  // The contract's routes name the key of each list's items (`invoices`, `services`, …).
  const key = routes[operationId].list.items;
  return (body: SuccessOf<K>): PageData<ItemOf<K>> => {
    // Optional chaining keeps an unvalidated, malformed body from crashing the walk.
    const envelope = body as unknown as Envelope & Record<string, ItemOf<K>[] | undefined>;
    return {
      items: envelope[key] ?? [],
      hasMore: envelope.pagination?.has_more === true,
      nextCursor: envelope.pagination?.next_cursor,
    };
  };
}
