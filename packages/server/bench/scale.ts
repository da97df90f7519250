// Latency of a page of invoices with 100,000 invoices in the account vs 1,000: pages come
// from the ref index (binary search on the cursor), so depth must not matter.
import { createReferenceServer } from '../src/index';
import type { Figure } from './report';

const REQUESTS = 1500;

function scenarioWith(invoices: number) {
  return {
    now: '2026-01-01T00:00:00Z',
    frozen: true,
    accounts: [
      {
        account_ref: 'REF-ACCT-1',
        email: 'scale@example.test',
        first_name: 'Scale',
        last_name: 'Test',
        country_code: 'DE',
        account_currency: 'EUR',
        preferred_locale: 'en-GB',
        status: 'active',
        balance: 0,
        api_keys: [{ token: 'refak_scale', scopes: ['*'], allowed_ips: [] }],
        generate: { invoices },
      },
    ],
  };
}

async function p50(invoices: number): Promise<number> {
  const server = createReferenceServer({ scenario: scenarioWith(invoices) });
  await server.ready;
  const listening = await server.listen({ port: 0 });
  const refs = server.store.partition('REF-ACCT-1')?.invoices.refs ?? [];
  const headers = { authorization: 'Bearer refak_scale' };
  const samples: number[] = [];
  try {
    for (let i = 0; i < REQUESTS + 200; i++) {
      // Stay under 600 reads per minute on the frozen server clock.
      if (i % 500 === 0) server.admin.clock.advance(60);
      // Deterministic spread of cursors over the whole list, first page included.
      const cursor = i % 10 === 0 ? '' : `&cursor=${refs[(i * 7919) % refs.length]}`;
      const started = performance.now();
      const response = await fetch(`${listening.baseUrl}/invoices?limit=50${cursor}`, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`scale: status ${response.status}`);
      if (i >= 200) samples.push(performance.now() - started);
    }
  } finally {
    await listening.close();
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)] as number;
}

/** p50 with 1,000 and with 100,000 invoices, measured in the same run. */
export async function benchScale(): Promise<Figure[]> {
  const small = await p50(1_000);
  const large = await p50(100_000);
  const ratio = large / small;
  return [
    {
      name: 'p50 100k vs 1k invoices',
      value: `${ratio.toFixed(2)}× (${large.toFixed(3)} vs ${small.toFixed(3)} ms)`,
      target: '≤ 2×',
      pass: ratio <= 2,
    },
  ];
}
