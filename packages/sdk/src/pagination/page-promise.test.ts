import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Invoice } from '@refapi/schema';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { fakeFetch, json } from '../../test/helpers/fake-fetch';
import { invoice } from '../../test/helpers/fixtures';
import { invoicePagesFetch } from '../../test/helpers/invoice-pages';
import { DEMO, inProcess } from '../../test/helpers/reference';
import { RefClient } from '../client';
import { ConfigurationError, PaginationLoopError } from '../errors/client-errors';

// The heap test below collects garbage before it reads the heap.
setFlagsFromString('--expose-gc');

const clientWith = (fetch: ReturnType<typeof fakeFetch>['fetch']) =>
  new RefClient({ apiKey: 'refak_x', baseUrl: 'https://api.test/v1', fetch });

describe('list pagination', () => {
  it('awaits to the first page with hasMore, nextCursor and getNextPage()', async () => {
    const { fetch } = invoicePagesFetch(230);
    const first = await clientWith(fetch).invoices.list();
    expect(first.items).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toBe(first.items.at(-1)?.invoice_ref);
    expect(first.rateLimit?.limit).toBe(600);
    const second = await first.getNextPage();
    expect(second?.items[0]?.invoice_ref).toBe(invoice(180).invoice_ref);
  });

  it('walks all 230 invoices once each, in order, with for await', async () => {
    const { fetch, requests } = invoicePagesFetch(230);
    const refs: string[] = [];
    for await (const inv of clientWith(fetch).invoices.list()) refs.push(inv.invoice_ref);
    expect(refs).toHaveLength(230);
    expect(new Set(refs).size).toBe(230);
    expect(refs[0]).toBe(invoice(230).invoice_ref);
    expect(refs.at(-1)).toBe(invoice(1).invoice_ref);
    expect(requests).toHaveLength(5);
  });

  it('fetches pages lazily and stops early at maxItems', async () => {
    const { fetch, requests } = invoicePagesFetch(230);
    const seen: string[] = [];
    for await (const inv of clientWith(fetch).invoices.list({ limit: 20 }, { maxItems: 45 })) {
      seen.push(inv.invoice_ref);
    }
    expect(seen).toHaveLength(45);
    expect(requests).toHaveLength(3);
  });

  // ListOptions.maxItems bounds item iteration, whether of the list or of its awaited page.
  it('stops a walk over the awaited first page at maxItems too (reference server)', async () => {
    const reference = await inProcess();
    const sent: string[] = [];
    const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      sent.push(request.url);
      return reference.server.fetch(request);
    };
    const client = reference.client(DEMO.eurKey, { fetch });
    const page = await client.invoices.list({ limit: 2 }, { maxItems: 5 });
    expect(page.items).toHaveLength(2);
    const refs: string[] = [];
    for await (const inv of page) refs.push(inv.invoice_ref);
    expect(refs).toHaveLength(5);
    // The first page and two more: no page past the fifth item is fetched.
    expect(sent).toHaveLength(3);
    // The same items as a walk over the list itself.
    const listed: string[] = [];
    for await (const inv of client.invoices.list({ limit: 2 }, { maxItems: 5 })) {
      listed.push(inv.invoice_ref);
    }
    expect(refs).toEqual(listed);
    // A walk from a later page is bounded the same way; maxItems 0 yields nothing.
    const second = await page.getNextPage();
    const fromSecond: string[] = [];
    for await (const inv of second ?? []) fromSecond.push(inv.invoice_ref);
    const seven = (await client.invoices.list({ limit: 7 })).items;
    expect(fromSecond).toEqual(seven.slice(2, 7).map((inv) => inv.invoice_ref));
    const none = await client.invoices.list({ limit: 2 }, { maxItems: 0 });
    for await (const _ of none) expect.unreachable();
    // Without maxItems the awaited page still walks the whole list (40 invoices in the demo).
    let all = 0;
    for await (const _ of await client.invoices.list({ limit: 25 })) all++;
    expect(all).toBe(40);
  });

  it('refuses a maxItems that is not a whole number from 0 before sending, and takes Infinity', async () => {
    for (const maxItems of [Number.NaN, -1, 2.5, '10' as unknown as number]) {
      const { fetch, requests } = invoicePagesFetch(230);
      const list = clientWith(fetch).invoices.list({}, { maxItems });
      await expect(list, String(maxItems)).rejects.toBeInstanceOf(ConfigurationError);
      await expect(
        (async () => {
          for await (const _ of clientWith(fetch).invoices.list({}, { maxItems })) break;
        })(),
      ).rejects.toThrow(/maxItems must be a whole number from 0/);
      expect(requests).toHaveLength(0);
    }
    const refs: string[] = [];
    const all = clientWith(invoicePagesFetch(230).fetch).invoices.list({}, { maxItems: Infinity });
    for await (const inv of all) refs.push(inv.invoice_ref);
    expect(refs).toHaveLength(230);
  });

  it('collects items across pages with toArray({ limit }), fetching no page past them', async () => {
    const { fetch, requests } = invoicePagesFetch(230);
    const invoices = await clientWith(fetch).invoices.list({ limit: 20 }).toArray({ limit: 45 });
    expectTypeOf(invoices).toEqualTypeOf<Invoice[]>();
    expect(invoices.map((i) => i.invoice_ref)).toEqual(
      Array.from({ length: 45 }, (_, i) => invoice(230 - i).invoice_ref),
    );
    expect(requests).toHaveLength(3);
    // A limit that ends a page fetches no next one; a list shorter than it is taken whole.
    const exact = invoicePagesFetch(230);
    expect(
      await clientWith(exact.fetch).invoices.list({ limit: 20 }).toArray({ limit: 40 }),
    ).toHaveLength(40);
    expect(exact.requests).toHaveLength(2);
    const short = invoicePagesFetch(30);
    expect(await clientWith(short.fetch).invoices.list().toArray({ limit: 10_000 })).toHaveLength(
      30,
    );
    // maxItems still bounds the walk.
    const bounded = clientWith(invoicePagesFetch(230).fetch).invoices.list({}, { maxItems: 5 });
    expect(await bounded.toArray({ limit: 100 })).toHaveLength(5);
  });

  it('refuses a toArray limit that is not a whole number from 1 to 10,000', async () => {
    const { fetch } = invoicePagesFetch(230);
    for (const limit of [0, -1, 2.5, Number.NaN, Infinity, 10_001, '10', undefined]) {
      const list = clientWith(fetch).invoices.list();
      const options = { limit } as unknown as { limit: number };
      await expect(list.toArray(options), String(limit)).rejects.toThrow(
        new ConfigurationError(
          `toArray needs a limit: a whole number from 1 to 10000, got ${typeof limit === 'string' ? `"${limit}"` : String(limit)}.`,
        ),
      );
    }
    await expect(
      clientWith(fetch)
        .invoices.list()
        .toArray(undefined as unknown as { limit: number }),
    ).rejects.toBeInstanceOf(ConfigurationError);
  });

  it('stops fetching when the loop breaks', async () => {
    const { fetch, requests } = invoicePagesFetch(230);
    for await (const inv of clientWith(fetch).invoices.list({ limit: 10 })) {
      if (inv.invoice_ref === invoice(225).invoice_ref) break;
    }
    expect(requests).toHaveLength(1);
  });

  it('iterates pages with .pages(), honouring maxItems', async () => {
    const { fetch } = invoicePagesFetch(230);
    const sizes: number[] = [];
    for await (const page of clientWith(fetch).invoices.list({ limit: 100 }).pages()) {
      sizes.push(page.items.length);
    }
    expect(sizes).toEqual([100, 100, 30]);
    const limited: number[] = [];
    const list = clientWith(invoicePagesFetch(230).fetch).invoices.list({}, { maxItems: 60 });
    for await (const page of list.pages()) limited.push(page.items.length);
    expect(limited).toEqual([50, 50]);
  });

  it('resolves getNextPage() to null after the last page', async () => {
    const { fetch } = invoicePagesFetch(3);
    const page = await clientWith(fetch).invoices.list();
    expect(page.hasNextPage()).toBe(false);
    expect(await page.getNextPage()).toBeNull();
  });

  it("walks on from the last item's reference when a page says has_more without next_cursor", async () => {
    const pages = invoicePagesFetch(120);
    // A server that leaves out the optional next_cursor (the spec: a cursor is "the
    // reference of the last item of the previous page").
    const fetch: typeof pages.fetch = async (input, init) => {
      const response = await pages.fetch(input, init);
      const body = (await response.json()) as { pagination: { next_cursor?: string } };
      delete body.pagination.next_cursor;
      return json(200, body);
    };
    const refs: string[] = [];
    for await (const item of clientWith(fetch).invoices.list()) refs.push(item.invoice_ref);
    expect(refs).toHaveLength(120);
    expect(new Set(refs).size).toBe(120);
  });

  it('throws PaginationLoopError when the server repeats a cursor', async () => {
    const { fetch, requests } = fakeFetch(() =>
      json(200, {
        invoices: [invoice(2)],
        pagination: { limit: 1, has_more: true, next_cursor: invoice(2).invoice_ref },
        server_time: '2026-01-01T00:00:00Z',
      }),
    );
    const walk = async () => {
      for await (const _ of clientWith(fetch).invoices.list({ limit: 1 })) {
        // consume
      }
    };
    await expect(walk()).rejects.toBeInstanceOf(PaginationLoopError);
    expect(requests).toHaveLength(2);
  });

  it('shows a repeated cursor escaped and short, keeping it whole on the error', async () => {
    const forged = `c\u001b]0;pwned\u0007\r\nlevel=info msg="ok"\u202e${'x'.repeat(100_000)}`;
    const { fetch } = fakeFetch(() =>
      json(200, {
        rule_id: '7d444840-9dc0-11d1-b245-5ffdce74fad2',
        items: [],
        next_cursor: forged,
      }),
    );
    const walk = async () => {
      // The contract refuses such a cursor; a client that does not check answers takes it.
      const client = new RefClient({
        apiKey: 'refak_x',
        baseUrl: 'https://api.test/v1',
        fetch,
        validateResponses: false,
      });
      const evidence = client.shield('REF-SVC-1').evidence('7d444840-9dc0-11d1-b245-5ffdce74fad2');
      for await (const _ of evidence) {
        // consume
      }
    };
    const error = (await walk().catch((e: unknown) => e)) as PaginationLoopError;
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(error).toMatchObject({ cursor: forged, emptyPages: undefined });
    expect(error.message.length).toBeLessThan(400);
    expect(error.message).not.toMatch(/[\p{Cc}\u202a-\u202e]/u);
    expect(error.message).toContain(
      'returned cursor c\\u001b]0;pwned\\u0007\\u000d\\u000alevel=info msg="ok"\\u202ex',
    );
    expect(error.message).toContain(`… (${forged.length} characters) a second time;`);
  });

  it('fetches a page again after it failed, without taking the retry for a loop', async () => {
    const pages = invoicePagesFetch(120);
    let failed = false;
    const fetch: typeof pages.fetch = async (input, init) => {
      if (!failed && new URL(new Request(input, init).url).searchParams.has('cursor')) {
        failed = true;
        return json(500, { error: 'internal_error' });
      }
      return pages.fetch(input, init);
    };
    const client = new RefClient({
      apiKey: 'refak_x',
      baseUrl: 'https://api.test/v1',
      fetch,
      maxRetries: 0,
    });
    const first = await client.invoices.list();
    await expect(first.getNextPage()).rejects.toMatchObject({ status: 500 });
    expect((await first.getNextPage())?.items[0]?.invoice_ref).toBe(invoice(70).invoice_ref);
  });

  it('walks one list twice, and fetches the same next page twice, with no loop error', async () => {
    const { fetch, requests } = invoicePagesFetch(120);
    const first = await clientWith(fetch).invoices.list();
    const walk = async () => {
      const refs: string[] = [];
      for await (const inv of first) refs.push(inv.invoice_ref);
      return refs;
    };
    expect(await walk()).toHaveLength(120);
    expect(await walk()).toHaveLength(120);
    const [a, b] = [await first.getNextPage(), await first.getNextPage()];
    expect(a?.items).toEqual(b?.items);
    expect(requests).toHaveLength(1 + 2 + 2 + 2);
  });

  it('still stops a loop that runs through several pages (A, B, A)', async () => {
    const [a, b] = [invoice(5).invoice_ref, invoice(4).invoice_ref];
    const next: Record<string, string> = { '': a, [a]: b, [b]: a };
    const { fetch, requests } = fakeFetch((request) => {
      const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
      return json(200, {
        invoices: [invoice(2)],
        pagination: { limit: 1, has_more: true, next_cursor: next[cursor] },
        server_time: '2026-01-01T00:00:00Z',
      });
    });
    const walk = async () => {
      for await (const _ of clientWith(fetch).invoices.list({ limit: 1 })) {
        // consume
      }
    };
    await expect(walk()).rejects.toMatchObject({ name: 'PaginationLoopError', cursor: a });
    expect(requests).toHaveLength(3);
  });

  it('stops a loop through more pages than it keeps cursors of (1,500 pages, then the first again)', async () => {
    const cursorAt = (n: number) => `REF-INV-${(n % 1500) + 1}`;
    const { fetch, requests } = fakeFetch((request) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      const n = cursor === null ? 0 : Number(cursor.slice('REF-INV-'.length));
      if (requests.length > 20_000) return json(400, { error: 'endless_walk' });
      return json(200, {
        invoices: [invoice(2)],
        pagination: { limit: 1, has_more: true, next_cursor: cursorAt(n) },
        server_time: '2026-01-01T00:00:00Z',
      });
    });
    const walk = async () => {
      for await (const _ of clientWith(fetch).invoices.list({ limit: 1 })) {
        // consume
      }
    };
    await expect(walk()).rejects.toBeInstanceOf(PaginationLoopError);
    // Found within a few turns of the loop, not at its first repeat: it keeps one cursor for it.
    expect(requests.length).toBeLessThan(4 * 1500);
  });

  it('holds a bounded number of cursors however long the walk', async () => {
    const gc = runInNewContext('gc', undefined) as () => void;
    // Long cursors (10 KB each), as a client that does not check answers takes them; the
    // fetch keeps nothing, so what the heap holds is the walk's. It answers a turn of the
    // event loop later, as a real one does: undici frees what each response holds then.
    const cursorOf = (n: number) => `${n}:${'c'.repeat(10_000)}`;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      await new Promise((resolve) => setImmediate(resolve));
      const cursor = new URL(new Request(input, init).url).searchParams.get('cursor');
      const n = cursor === null ? 0 : Number.parseInt(cursor, 10) + 1;
      return json(200, {
        invoices: [invoice(2)],
        pagination: { limit: 1, has_more: n < 6_000, next_cursor: cursorOf(n) },
        server_time: '2026-01-01T00:00:00Z',
      });
    };
    const client = new RefClient({
      apiKey: 'refak_x',
      baseUrl: 'https://api.test/v1',
      fetch,
      validateResponses: false,
    });
    let pages = 0;
    let baseline = 0;
    let growth = 0;
    for await (const _ of client.invoices.list({ limit: 1 })) {
      pages++;
      if (pages === 1_500 || pages === 6_000) {
        gc();
        const used = process.memoryUsage().heapUsed;
        if (pages === 1_500) baseline = used;
        else growth = used - baseline;
      }
    }
    expect(pages).toBe(6_001);
    // 4,500 more cursors of 10 KB are ~45 MB when kept; the walk keeps its last 1,000.
    expect(growth).toBeLessThan(15_000_000);
  });

  it('stops at the 100th empty page in a row that names a new cursor, not before', async () => {
    // Empty pages with a fresh cursor each: no cursor repeats, so only their run can end it.
    // Pages 1..count are empty unless `withItemAt` says otherwise.
    const serve = (withItemAt?: number) =>
      fakeFetch((request) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const n = cursor === null ? 1 : Number.parseInt(cursor.slice('REF-INV-'.length), 16) + 1;
        // Without the bound the walk never ends: the test's server gives up, the test fails.
        if (n > 1000) return json(400, { error: 'endless_walk' });
        return json(200, {
          invoices: n === withItemAt ? [invoice(n)] : [],
          pagination: {
            limit: 10,
            has_more: true,
            next_cursor: `REF-INV-${n.toString(16).toUpperCase()}`,
          },
          server_time: '2026-01-01T00:00:00Z',
        });
      });
    const walk = async (fetch: ReturnType<typeof fakeFetch>['fetch']) => {
      let items = 0;
      for await (const _ of clientWith(fetch).invoices.list()) items++;
      return items;
    };
    const endless = serve();
    const error = await walk(endless.fetch).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect(error).toMatchObject({ emptyPages: 100, cursor: 'REF-INV-64' });
    expect((error as Error).message).toBe(
      'listInvoices answered 100 empty pages in a row, each with a next cursor (the last: REF-INV-64); stopped paging to avoid a loop.',
    );
    expect(endless.requests).toHaveLength(100);
    // A page with an item restarts the count: 99 empty pages, one item, then 100 empty.
    const late = serve(100);
    const lateError = await walk(late.fetch).catch((e: unknown) => e);
    expect(lateError).toMatchObject({ emptyPages: 100 });
    expect(late.requests).toHaveLength(200);
    // The repeated-cursor loop is still told as before.
    const repeated = await walk(
      fakeFetch(() =>
        json(200, {
          invoices: [],
          pagination: { limit: 10, has_more: true, next_cursor: 'REF-INV-1' },
          server_time: '2026-01-01T00:00:00Z',
        }),
      ).fetch,
    ).catch((e: unknown) => e);
    expect(repeated).toMatchObject({ cursor: 'REF-INV-1', emptyPages: undefined });
  });

  it('pages evidence with its opaque cursor', async () => {
    const item = {
      observed_at: '2026-01-01T00:00:00Z',
      received_at: '2026-01-01T00:00:01Z',
      source_address: '198.51.100.7',
      destination_address: '203.0.113.10',
      source_port: 1234,
      destination_port: 53,
      protocol: 'udp',
      action: 'drop',
      packet_length: 512,
      sample_rate: 1,
      generation: 0,
    };
    const ruleId = '7d444840-9dc0-11d1-b245-5ffdce74fad2';
    const { fetch, requests } = fakeFetch((request) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      return json(200, {
        rule_id: ruleId,
        items: [item, item],
        ...(cursor ? {} : { next_cursor: 'opaque+/=cursor' }),
      });
    });
    const items = [];
    for await (const sample of clientWith(fetch).shield('REF-SVC-1').evidence(ruleId)) {
      items.push(sample);
    }
    expect(items).toHaveLength(4);
    expect(new URL(requests[1]?.url ?? '').searchParams.get('cursor')).toBe('opaque+/=cursor');
  });
});
