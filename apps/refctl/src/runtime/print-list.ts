import { LIMITS } from '@refapi/schema/values';
import type { ListOptions, PagePromise, RequestOptions } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { UsageError } from '../errors/cli-error';
import type { PAGING_FLAGS } from '../flags/command-flags';
import type { FlagValues } from '../flags/flag-table';
import { createListWriter } from '../output/list-writer';
import type { View } from '../output/view';
import { note } from './print';

/** `--limit`, `--all`, `--cursor` as parsed by commander. */
type PagingFlags = FlagValues<typeof PAGING_FLAGS>;

/** Query and options to hand to an SDK list method for these flags. */
export interface PagingRequest {
  readonly query: { limit: number; cursor?: string | undefined };
  readonly options: RequestOptions & ListOptions;
}

/** Translates the paging flags: one default page, `--limit N` items, or `--all`. */
export function pagingRequest(ctx: Ctx, flags: PagingFlags): PagingRequest {
  if (flags.all && flags.limit !== undefined)
    throw new UsageError('--all and --limit exclude each other');
  const pageSize = flags.all
    ? LIMITS.pageSizeMax
    : Math.min(flags.limit ?? LIMITS.pageSizeDefault, LIMITS.pageSizeMax);
  const maxItems = flags.all ? undefined : (flags.limit ?? LIMITS.pageSizeDefault);
  return {
    query: { limit: pageSize, ...(flags.cursor ? { cursor: flags.cursor } : {}) },
    options: { signal: ctx.signal, maxItems },
  };
}

/**
 * Prints a list page by page (NDJSON and CSV stream as pages arrive). A failing page
 * throws, so the command fails instead of printing a silently shortened list.
 */
export async function printList<T>(
  ctx: Ctx,
  list: PagePromise<T>,
  view: View,
  maxItems: number | undefined,
): Promise<void> {
  const writer = createListWriter(ctx.io.stdout, view, ctx.render);
  let left = maxItems ?? Number.POSITIVE_INFINITY;
  // After the last page printed: undefined (no more), a cursor, or '' (more, cut mid-page).
  let more: string | undefined;
  for await (const page of list.pages()) {
    const items = page.items.slice(0, left);
    left -= items.length;
    await writer.write(items);
    const cut = items.length < page.items.length;
    more = cut ? '' : page.hasNextPage() ? page.nextCursor : undefined;
    if (left <= 0) break;
  }
  await writer.end();
  if (more !== undefined && ctx.io.stderr.isTTY) {
    note(ctx, more ? `more results: add --all, or --cursor ${more}` : 'more results: add --all');
  }
}
