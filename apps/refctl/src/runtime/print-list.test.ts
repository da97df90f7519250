import type { PagePromise } from '@refapi/sdk';
import { describe, expect, it } from 'vitest';
import { captureCtx } from '../../test/helpers/capture-io';
import type { View } from '../output/view';
import { pagingRequest, printList } from './print-list';

const view: View = { columns: ['ref'], fields: ['ref'] };

// A list whose pages come from `pages`; an Error entry makes that page fail.
function fakeList(pages: (string[] | Error)[]): PagePromise<{ ref: string }> {
  return {
    async *pages() {
      for (const [i, page] of pages.entries()) {
        if (page instanceof Error) throw page;
        yield {
          items: page.map((ref) => ({ ref })),
          hasNextPage: () => i < pages.length - 1,
          nextCursor: page.at(-1),
        };
      }
    },
  } as unknown as PagePromise<{ ref: string }>;
}

describe('printList', () => {
  it('streams NDJSON pages and fails the command when a later page fails', async () => {
    const { ctx, stdout } = captureCtx('ndjson');
    const failure = new Error('page 2 failed');
    await expect(printList(ctx, fakeList([['a', 'b'], failure]), view)).rejects.toBe(failure);
    expect(stdout()).toBe('{"ref":"a"}\n{"ref":"b"}\n');
  });

  it('prints nothing of a table when any page fails (the table needs every row)', async () => {
    const { ctx, stdout } = captureCtx('table');
    await expect(printList(ctx, fakeList([['a'], new Error('x')]), view)).rejects.toThrow('x');
    expect(stdout()).toBe('');
  });

  it('cuts the last page to --limit', async () => {
    const { ctx, stdout } = captureCtx('ndjson');
    await printList(
      ctx,
      fakeList([
        ['a', 'b'],
        ['c', 'd'],
      ]),
      view,
      { options: { maxItems: 3 } },
    );
    expect(stdout()).toBe('{"ref":"a"}\n{"ref":"b"}\n{"ref":"c"}\n');
  });
});

describe('the hint at more results on a terminal', () => {
  // As gh: a list cut at its default page size says how to get the rest; one the user cut
  // with -L/--limit does not.
  async function hint(limitGiven: boolean | undefined): Promise<string> {
    const { ctx, stderr } = captureCtx('table', { stderrIsTTY: true });
    const list = fakeList([['a', 'b'], ['c']]);
    await (limitGiven === undefined
      ? printList(ctx, list, view, { options: { maxItems: 2 } })
      : printList(ctx, list, view, { options: { maxItems: 2 }, limitGiven }));
    return stderr();
  }

  it('is printed when no limit was given, and not after -L/--limit', async () => {
    expect(await hint(undefined)).toBe('more results: add --paginate, or --cursor b\n');
    expect(await hint(false)).toBe('more results: add --paginate, or --cursor b\n');
    expect(await hint(true)).toBe('');
  });

  it('pagingRequest says whether -L/--limit was given', () => {
    const { ctx } = captureCtx('table');
    expect(pagingRequest(ctx, { limit: 2 }, view).limitGiven).toBe(true);
    expect(pagingRequest(ctx, {}, view).limitGiven).toBe(false);
    expect(pagingRequest(ctx, { paginate: true }, view).limitGiven).toBe(false);
  });
});

describe('pagingRequest', () => {
  const { ctx, stderr } = captureCtx('table');

  it('asks one default page without flags, big pages with --paginate', () => {
    expect(pagingRequest(ctx, {}, view).query).toEqual({ limit: 50 });
    expect(pagingRequest(ctx, {}, view).options.maxItems).toBe(50);
    expect(pagingRequest(ctx, { paginate: true }, view).query).toEqual({ limit: 100 });
    expect(pagingRequest(ctx, { paginate: true }, view).options.maxItems).toBeUndefined();
  });

  it('takes --all as --paginate, with a warning that it is deprecated', () => {
    expect(pagingRequest(ctx, { all: true }, view).options.maxItems).toBeUndefined();
    expect(stderr()).toBe('warning: --all is deprecated: use --paginate\n');
  });

  it('caps the page size at 100 for large --limit and passes the cursor', () => {
    const request = pagingRequest(ctx, { limit: 230, cursor: 'REF-INV-F' }, view);
    expect(request.query).toEqual({ limit: 100, cursor: 'REF-INV-F' });
    expect(request.options.maxItems).toBe(230);
  });

  it('rejects --paginate (or --all) with --limit', () => {
    expect(() => pagingRequest(ctx, { paginate: true, limit: 5 }, view)).toThrow(
      '--paginate and --limit exclude each other',
    );
    expect(() => pagingRequest(ctx, { all: true, limit: 5 }, view)).toThrow(
      '--all and --limit exclude each other',
    );
  });
});
