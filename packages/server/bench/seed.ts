// Seeding cost: the demo scenario, and an account with 100,000 generated invoices.
import { createReferenceServer } from '../src/index';
import type { Figure } from './report';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function timeReady(options: Parameters<typeof createReferenceServer>[0]): Promise<number> {
  const started = performance.now();
  await createReferenceServer(options).ready;
  return performance.now() - started;
}

const bigScenario = {
  now: '2026-01-01T00:00:00Z',
  accounts: [
    {
      account_ref: 'REF-ACCT-1',
      email: 'big@example.test',
      first_name: 'Big',
      last_name: 'Ledger',
      country_code: 'DE',
      account_currency: 'EUR',
      preferred_locale: 'en-GB',
      status: 'active',
      balance: 0,
      api_keys: [{ token: 'refak_big', scopes: ['*'], allowed_ips: [] }],
      generate: { invoices: 100_000 },
    },
  ],
};

/** Demo seed (median of 15 warm runs; the first, cold run reported too) and 100k invoices. */
export async function benchSeed(): Promise<Figure[]> {
  const cold = await timeReady({});
  for (let i = 0; i < 3; i++) await timeReady({});
  const runs: number[] = [];
  for (let i = 0; i < 15; i++) runs.push(await timeReady({}));
  const demo = median(runs);
  const big: number[] = [];
  for (let i = 0; i < 3; i++) big.push(await timeReady({ scenario: bigScenario }));
  return [
    {
      name: 'demo scenario (warm median)',
      value: `${demo.toFixed(1)} ms`,
      target: '≤ 20 ms',
      pass: demo <= 20,
    },
    { name: 'demo scenario (first, cold)', value: `${cold.toFixed(1)} ms`, target: 'reported' },
    {
      name: '100k generated invoices (median of 3)',
      value: `${median(big).toFixed(0)} ms`,
      target: '≤ 2000 ms',
      pass: median(big) <= 2000,
    },
  ];
}
