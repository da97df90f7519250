import { LIMITS } from '@refapi/schema/values';
import type { ListOptions, PagePromise, RequestOptions } from '@refapi/sdk';
import type { Ctx } from '../cli/context';
import { UsageError } from '../errors/cli-error';
import type { LIST_FLAGS, PAGING_FLAGS } from '../flags/command-flags';
import type { FlagValues } from '../flags/flag-table';
import { createListWriter } from '../output/list-writer';
import { checkJsonFields } from '../output/select-fields';
import type { View } from '../output/view';
import { note } from './print';

/** `--json`, `-L/--limit`, `--paginate` (or `--all`), `--cursor` as parsed by commander. */
type PagingFlags = FlagValues<typeof PAGING_FLAGS>;

/** The flags of a list the API sends whole: {@link PagingFlags} but `--cursor`. */
type ListFlags = FlagValues<typeof LIST_FLAGS>;

/** Query and options to hand to an SDK list method for these flags. */
export interface PagingRequest {
  readonly query: { limit: number; cursor?: string | undefined };
  readonly options: RequestOptions & ListOptions;
  /** `-L/--limit` was given: the list is cut where the user asked, so no hint at more. */
  readonly limitGiven: boolean;
}

/** The fields an item of `view`'s list has in `-o json` (what `--json` may name). */
const jsonFieldsOf = (view: View): readonly string[] => view.json ?? view.fields;

/**
 * Checks the flags every list takes, before anything is fetched: `--json` against the
 * fields of `view`, `--paginate` against `--limit`. True for every item (`--paginate`, or
 * its old name `--all`, which says so on stderr).
 */
function everyItem(ctx: Ctx, flags: ListFlags, view: View): boolean {
  checkJsonFields(ctx.globals.json, jsonFieldsOf(view));
  if (flags.all) note(ctx, 'warning: --all is deprecated: use --paginate');
  const every = flags.paginate === true || flags.all === true;
  if (every && flags.limit !== undefined) {
    throw new UsageError(`${flags.all ? '--all' : '--paginate'} and --limit exclude each other`);
  }
  return every;
}

/**
 * Translates the paging flags: one default page, `--limit N` items, or `--paginate`;
 * pages of at most `pageSizeMax` (the operation's own page limit).
 */
export function pagingRequest(
  ctx: Ctx,
  flags: PagingFlags,
  view: View,
  pageSizeMax: number = LIMITS.pageSizeMax,
): PagingRequest {
  const every = everyItem(ctx, flags, view);
  const pageSize = every
    ? pageSizeMax
    : Math.min(flags.limit ?? LIMITS.pageSizeDefault, pageSizeMax);
  const maxItems = every ? undefined : (flags.limit ?? LIMITS.pageSizeDefault);
  return {
    query: { limit: pageSize, ...(flags.cursor ? { cursor: flags.cursor } : {}) },
    options: { signal: ctx.signal, maxItems },
    limitGiven: flags.limit !== undefined,
  };
}

/**
 * The number of items to print of a list the API sends whole (`--limit`), or undefined
 * for all of them; checks the list flags first, as {@link pagingRequest} does.
 */
export function listLimit(ctx: Ctx, flags: ListFlags, view: View): number | undefined {
  return everyItem(ctx, flags, view) ? undefined : flags.limit;
}

/**
 * Prints a list page by page (NDJSON and CSV stream as pages arrive). A failing page
 * throws, so the command fails instead of printing a silently shortened list. On a
 * terminal a list cut short says how to get the rest, unless `limitGiven` (as gh: the user
 * asked for that many).
 */
export async function printList<T>(
  ctx: Ctx,
  list: PagePromise<T>,
  view: View,
  /** The {@link pagingRequest} the list was asked with: how many items it prints at most. */
  paging: { readonly options: ListOptions; readonly limitGiven?: boolean } = { options: {} },
): Promise<void> {
  const { options, limitGiven = false } = paging;
  const writer = createListWriter(ctx.io.stdout, view, ctx.render);
  let left = options.maxItems ?? Number.POSITIVE_INFINITY;
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
  if (more !== undefined && !limitGiven && ctx.io.stderr.isTTY) {
    note(
      ctx,
      more ? `more results: add --paginate, or --cursor ${more}` : 'more results: add --paginate',
    );
  }
}
