import { fakeFetch, json } from './fake-fetch';
import { invoice } from './fixtures';

/**
 * A fetch serving `total` invoices newest-first with the API's cursor rules: the cursor is
 * the reference of the last item of the previous page.
 */
export function invoicePagesFetch(total: number) {
  const refs = Array.from({ length: total }, (_, i) => total - i);
  return fakeFetch((request) => {
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const cursor = url.searchParams.get('cursor');
    const start = cursor ? refs.findIndex((n) => invoice(n).invoice_ref === cursor) + 1 : 0;
    const slice = refs.slice(start, start + limit);
    const hasMore = start + limit < refs.length;
    const last = slice.at(-1);
    return json(200, {
      invoices: slice.map(invoice),
      pagination: {
        limit,
        has_more: hasMore,
        ...(hasMore && last !== undefined ? { next_cursor: invoice(last).invoice_ref } : {}),
      },
      server_time: '2026-01-01T00:00:00Z',
    });
  });
}
