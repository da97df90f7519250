import { Page, RefClient } from '@refapi/sdk';
import { describe, expect, it } from 'vitest';
import { collectList } from './collect-list';
import type { CallArgs } from './operation-tools';

// A fake list of 0..total-1, newest first, served `limit` at a time after `cursor`.
function fakeList(total: number) {
  const limits: number[] = [];
  const fetchPage = async (_c: RefClient, args: CallArgs) => {
    const limit = args.query.limit as number;
    limits.push(limit);
    const start = args.query.cursor === undefined ? 0 : Number(args.query.cursor) + 1;
    const items = Array.from(
      { length: Math.max(0, Math.min(limit, total - start)) },
      (_, i) => start + i,
    );
    const last = items.at(-1);
    const hasMore = last !== undefined && last < total - 1;
    return new Page<unknown>(
      { items, hasMore, nextCursor: hasMore ? String(last) : undefined },
      undefined,
      {
        operationId: 'fake',
        fetchPage: async () => {
          throw new Error('unused');
        },
      },
    );
  };
  return { fetchPage, limits };
}

const client = new RefClient({ apiKey: 'refak_unit_test', baseUrl: 'http://127.0.0.1:1/v1' });
const args: CallArgs = { path: {}, query: {}, body: {} };

describe('collectList', () => {
  it('sizes each page to what is missing, so the cursor is where the result ends', async () => {
    const { fetchPage, limits } = fakeList(1000);
    const result = await collectList(fetchPage, client, args, 250, {}, 100);
    expect(limits).toEqual([100, 100, 50]);
    expect(result.items).toHaveLength(250);
    expect(result).toMatchObject({ has_more: true, next_cursor: '249' });
    const rest = await collectList(
      fetchPage,
      client,
      { ...args, query: { cursor: '249' } },
      500,
      {},
      100,
    );
    expect(rest.items[0]).toBe(250);
    expect(rest.items).toHaveLength(500);
  });

  it('stops at the end of the list and says so', async () => {
    const { fetchPage } = fakeList(30);
    const result = await collectList(fetchPage, client, args, 50, {}, 100);
    expect(result).toEqual({ items: Array.from({ length: 30 }, (_, i) => i), has_more: false });
  });
});
