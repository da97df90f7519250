import { type FetchFunction, RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
import { A1_KEY, accountScenario } from '../test/helpers/scenarios';

const TOTAL = 100_000;
const TARGET_MB = 50;
const MB = 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (the bench script does)');
const collect = gc;

// Live heap is what a walk holds on to; garbage awaiting collection says nothing about the
// SDK. So each sample collects first, every 10,000 items.
const SAMPLE_EVERY = 10_000;

/** Peak and retained live-heap growth of `walk`. */
async function measure(walk: (sample: () => void) => Promise<number>) {
  collect();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sample = () => {
    collect();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const started = performance.now();
  const count = await walk(sample);
  const ms = performance.now() - started;
  sample();
  const retained = process.memoryUsage().heapUsed - before;
  return { count, ms, peakMb: (peak - before) / MB, retainedMb: retained / MB };
}

/** Walking 100,000 invoices with `for await`: heap growth against a bare-fetch walk. */
export async function benchInvoiceWalkHeap(): Promise<boolean> {
  const server = createReferenceServer({ scenario: accountScenario({ invoices: TOTAL }) });
  await server.ready;
  // 1,000 pages exceed the 600 reads a minute: move the server clock past each window.
  let calls = 0;
  const fetch: FetchFunction = (input, init) => {
    if (++calls % 500 === 0) server.admin.clock.advance(60);
    return server.fetch(input, init);
  };
  const client = new RefClient({ apiKey: A1_KEY, baseUrl: server.baseUrl, fetch });

  const baseline = await measure(async (sample) => {
    let count = 0;
    let cursor: string | undefined;
    do {
      const url = new URL(`${server.baseUrl}/invoices`);
      url.searchParams.set('limit', '100');
      if (cursor) url.searchParams.set('cursor', cursor);
      const res = await fetch(url, { headers: { authorization: `Bearer ${A1_KEY}` } });
      const body = (await res.json()) as {
        invoices: unknown[];
        pagination: { next_cursor?: string };
      };
      for (const _ of body.invoices) if (++count % SAMPLE_EVERY === 0) sample();
      cursor = body.pagination.next_cursor;
    } while (cursor);
    return count;
  });

  const sdk = await measure(async (sample) => {
    let count = 0;
    for await (const _ of client.invoices.list({ limit: 100 }))
      if (++count % SAMPLE_EVERY === 0) sample();
    return count;
  });

  const ok = sdk.count === TOTAL && sdk.peakMb < TARGET_MB;
  const fmt = (r: typeof sdk) =>
    `${r.count} items in ${(r.ms / 1000).toFixed(1)} s, peak +${r.peakMb.toFixed(1)} MB, retained +${r.retainedMb.toFixed(1)} MB`;
  console.log(`invoice walk, bare fetch baseline: ${fmt(baseline)}`);
  console.log(`invoice walk, SDK for await:       ${fmt(sdk)}`);
  console.log(
    `  peak live-heap growth ratio ${(sdk.peakMb / Math.max(baseline.peakMb, 0.1)).toFixed(2)}× baseline; target < ${TARGET_MB} MB: ${ok ? 'met' : 'MISSED'}`,
  );
  return ok;
}
