import { routes } from '@refapi/schema/client';
import type { PageData } from '../pagination/page';
import type { ItemOf, ListOperationId, SuccessOf } from './operation-types';

interface Envelope {
  readonly pagination?: { readonly has_more?: boolean; readonly next_cursor?: string };
}

/** Reads a `{<items>, pagination}` envelope of list K into a page. */
export function envelopePage<K extends ListOperationId>(operationId: K) {
  // The contract's routes name the key of each list's items (`invoices`, `services`, …).
  const { items: key, ref } = routes[operationId].list as { items: string; ref?: string };
  return (body: SuccessOf<K>): PageData<ItemOf<K>> => {
    // Optional chaining keeps an unvalidated, malformed body from crashing the walk.
    const envelope = body as unknown as Envelope & Record<string, ItemOf<K>[] | undefined>;
    const items = envelope[key] ?? [];
    const hasMore = envelope.pagination?.has_more === true;
    const nextCursor =
      envelope.pagination?.next_cursor ?? (hasMore ? lastRef(items, ref) : undefined);
    return { items, hasMore, nextCursor };
  };
}

/**
 * The cursor of a page that says `has_more` without `next_cursor` (optional in the spec):
 * "the reference of the last item of the previous page", so the walk goes on from it rather
 * than end there, short of what the list holds, without a word.
 */
function lastRef(items: readonly unknown[], ref: string | undefined): string | undefined {
  if (ref === undefined) return undefined;
  const last = items.at(-1) as Record<string, unknown> | undefined;
  const value = last?.[ref];
  return typeof value === 'string' ? value : undefined;
}
