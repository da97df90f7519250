// For every demo plan in stock × each of its periods × no addon or each addon (2 units), in
// each demo currency (EUR, USD, GBP accounts), the total refctl quotes before buying is
// exactly what the order is charged — the order's record, the ledger and the balance debit
// all agree, to the cent. The first case runs the built refctl; the others run it in
// process (the same command line over captured streams), without a Node start each.
import { demoScenario, type ScenarioInput } from '@refapi/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refctlInProcess } from './helpers/run-in-process';
import { refctl, tempConfigHome } from './helpers/run-refctl';
import { startServer, type TestServer } from './helpers/test-server';

const KEYS = {
  EUR: 'refak_demo_eur_full',
  USD: 'refak_demo_usd_full',
  GBP: 'refak_demo_gbp_full',
} as const;
type Currency = keyof typeof KEYS;

// The demo, with balances that cover every order of the matrix.
const rich: ScenarioInput = {
  ...demoScenario,
  accounts: demoScenario.accounts?.map((account) => ({ ...account, balance: 1_000_000 })),
};

interface CatalogPlan {
  code: string;
  service_type: string;
  in_stock?: boolean;
  periods?: { period_ref: string; name: string }[];
  addons?: { addon_ref: string; name: string }[];
}

interface Case {
  readonly currency: Currency;
  readonly plan: CatalogPlan;
  readonly period: string;
  readonly addon: string | undefined;
}

let server: TestServer;
const api = async <T>(currency: Currency, path: string): Promise<T> => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${KEYS[currency]}` },
  });
  return (await response.json()) as T;
};
const cents = (amount: number) => Math.round(amount * 100);

/** Runs `work` over `items`, at most `limit` at once (refctl processes on a shared machine). */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

beforeAll(async () => {
  server = await startServer(rich);
});
afterAll(() => server.close());

describe('refctl orders create: the quoted total is the charged total', () => {
  it('for every demo plan × period × addon in EUR, USD and GBP', async () => {
    const cases: Case[] = [];
    for (const currency of Object.keys(KEYS) as Currency[]) {
      const { plans } = await api<{ plans: CatalogPlan[] }>(currency, '/plans?limit=100');
      for (const plan of plans.filter((p) => p.in_stock !== false)) {
        for (const period of plan.periods ?? []) {
          for (const addon of [undefined, ...(plan.addons ?? []).map((a) => a.addon_ref)]) {
            cases.push({ currency, plan, period: period.period_ref, addon });
          }
        }
      }
    }
    // kvm-s alone has 2 periods × 3 addon choices; the matrix covers every currency.
    expect(cases.length).toBeGreaterThanOrEqual(3 * 8);

    const runs = await pool(cases, 4, async (c) => {
      const runner = c === cases[0] ? refctl : refctlInProcess;
      const args = ['orders', 'create', '--type', c.plan.service_type, '--plan', c.plan.code];
      args.push('--period', c.period, '--yes', '-o', 'json');
      if (c.addon !== undefined) args.push('--addon', `${c.addon}=2`);
      return {
        c,
        run: await runner(args, {
          env: {
            REF_BASE_URL: server.baseUrl,
            REF_API_KEY: KEYS[c.currency],
            XDG_CONFIG_HOME: tempConfigHome(),
          },
        }),
      };
    });

    for (const { c, run } of runs) {
      const label = `${c.currency} ${c.plan.code} ${c.period} ${c.addon ?? 'no addon'}`;
      expect(run.code, `${label}: ${run.stderr}`).toBe(0);
      const quoted = /^quote: .* = (\d+\.\d\d) (EUR|USD|GBP)$/m.exec(run.stderr);
      expect(quoted, `${label}: ${run.stderr}`).not.toBeNull();
      const [, total, currency] = quoted as RegExpExecArray;
      const { service_ref: serviceRef } = JSON.parse(run.stdout) as { service_ref: string };
      const { orders } = await api<{
        orders: {
          service_ref?: string;
          amount: number;
          currency: string;
          transaction_ref?: string;
        }[];
      }>(c.currency, '/orders?limit=100');
      const order = orders.find((o) => o.service_ref === serviceRef);
      const { transactions } = await api<{
        transactions: { transaction_ref: string; amount: number }[];
      }>(c.currency, '/transactions?limit=100');
      const txn = transactions.find((t) => t.transaction_ref === order?.transaction_ref);
      expect(
        {
          currency,
          order: cents(order?.amount ?? Number.NaN),
          ledger: -cents(txn?.amount ?? Number.NaN),
          orderCurrency: order?.currency,
        },
        label,
      ).toEqual({
        currency: c.currency,
        order: cents(Number(total)),
        ledger: cents(Number(total)),
        orderCurrency: c.currency,
      });
      // refctl said what was charged, and it is the quote.
      expect(run.stderr, label).toContain(`charged: ${total} ${c.currency} (order `);
      expect(run.stderr, label).not.toContain('warning:');
    }
    // About 30 runs, 4 at a time.
  }, 90_000);
});
