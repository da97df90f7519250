import { RefClient } from '@refapi/sdk';
import { createReferenceServer, demoScenario, type ScenarioInput } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { SpendBudget } from '../budget';
import { SessionKeys } from '../idempotency-key';
import { type OrderContext, runOrder } from './order-tool';
import { ToolRefusal } from './tool-refusal';

const KVM_S = { type: 'kvm', plan_code: 'kvm-s' } as const;
const BUY_KEY = 'refak_demo_eur_buy';

// The demo scenario where kvm-s is charged 6.00 EUR a month (7.14 with VAT), with a key
// that may buy but not read the orders; `staleCatalog` makes the catalog the client reads
// still say 5.00 (5.95), as a catalog read before a price change would.
const repriced: ScenarioInput = {
  ...demoScenario,
  plans: demoScenario.plans?.map((plan) =>
    plan.code === 'kvm-s' ? { ...plan, period_prices: { monthly: 6, yearly: 60 } } : plan,
  ),
  accounts: demoScenario.accounts?.map((account, i) =>
    i > 0
      ? account
      : {
          ...account,
          api_keys: [
            ...(account.api_keys ?? []),
            { token: BUY_KEY, scopes: ['orders:write', 'catalog:read', 'balance:read'] },
          ],
        },
  ),
};

type CatalogPlan = Record<string, unknown> & { code: string };

/** The kvm-s of the catalog at the demo's 5.00 a month (what the client read before a change). */
const staleCatalog = (plan: CatalogPlan): CatalogPlan =>
  plan.code !== 'kvm-s'
    ? plan
    : {
        ...plan,
        account_price: { currency: 'EUR', base: 5, final: 5.95 },
        periods: (plan.periods as { name: string }[]).map((p) => ({
          ...p,
          net: p.name === 'yearly' ? 50 : 5,
        })),
      };

/** A catalog from a server that sends no prices to apply the price rule to. */
const unpricedCatalog = ({ vat_rate: _, ...plan }: CatalogPlan): CatalogPlan => plan;

interface Setup {
  readonly limitCents?: number;
  readonly scenario?: ScenarioInput;
  readonly apiKey?: string;
  /** Rewrites each plan of GET /plans answers on their way to the client. */
  readonly catalog?: (plan: CatalogPlan) => CatalogPlan;
}

// A reference server in process (the demo unless told); `loseNextOrderAnswer` lets the
// next POST /orders through to the server and then fails it as a reset connection would.
async function setup({
  limitCents,
  scenario,
  apiKey = 'refak_demo_eur_full',
  catalog,
}: Setup = {}) {
  const server = createReferenceServer({ onError: () => {}, ...(scenario ? { scenario } : {}) });
  await server.ready;
  let lose = false;
  const client = new RefClient({
    apiKey,
    baseUrl: server.baseUrl,
    maxRetries: 0,
    fetch: async (input, init) => {
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const url = input instanceof Request ? input.url : String(input);
      const response = await server.fetch(input, init);
      if (catalog && method === 'GET' && new URL(url).pathname.endsWith('/plans')) {
        const page = (await response.json()) as { plans: CatalogPlan[] };
        return Response.json({ ...page, plans: page.plans.map(catalog) });
      }
      if (lose && method === 'POST' && url.endsWith('/orders')) {
        lose = false;
        throw new TypeError('fetch failed');
      }
      return response;
    },
  });
  const ctx: OrderContext = {
    client,
    budget: limitCents === undefined ? undefined : new SpendBudget(limitCents),
  };
  const balance = async () => (await client.balance.get()).amount;
  return { ctx, balance, loseNextOrderAnswer: () => (lose = true) };
}

describe('runOrder', () => {
  it('counts an order whose answer was lost as spent; the retry replays it', async () => {
    const { ctx, balance, loseNextOrderAnswer } = await setup({ limitCents: 2000 });
    const keys = new SessionKeys();
    const before = await balance();
    loseNextOrderAnswer();
    await expect(
      runOrder(ctx, keys, { body: KVM_S, dryRun: false, idempotencyKey: undefined }),
    ).rejects.toThrow();
    expect(ctx.budget?.spentCents).toBe(595);
    const retry = await runOrder(ctx, keys, {
      body: KVM_S,
      dryRun: false,
      idempotencyKey: undefined,
    });
    expect(retry.idempotent_replayed).toBe(true);
    expect(ctx.budget?.spentCents).toBe(595);
    expect(Math.round((before - (await balance())) * 100)).toBe(595);
  });

  it('refuses a retry of a lost answer when the budget has no room to buy it again', async () => {
    // The API may have forgotten the key by then, and the retry would buy a second one.
    const { ctx, loseNextOrderAnswer } = await setup({ limitCents: 1000 });
    const keys = new SessionKeys();
    const buy = { body: KVM_S, dryRun: false, idempotencyKey: undefined };
    loseNextOrderAnswer();
    await expect(runOrder(ctx, keys, buy)).rejects.toThrow();
    await expect(runOrder(ctx, keys, buy)).rejects.toMatchObject({
      code: 'budget_exceeded',
      details: { remaining_budget: { amount: 4.05, currency: 'EUR' } },
    });
    expect(ctx.budget?.spentCents).toBe(595);
  });

  it("counts what the API charged for the order, from the order's record, not the quote", async () => {
    const { ctx, balance } = await setup({
      limitCents: 2000,
      scenario: repriced,
      catalog: staleCatalog,
    });
    const before = await balance();
    const buy = { body: KVM_S, dryRun: false };
    const first = await runOrder(ctx, new SessionKeys(), { ...buy, idempotencyKey: 'a' });
    expect(first.quote.price.amount).toBe(5.95);
    // Said loudly: the result carries the real charge and a flag.
    expect(first).toMatchObject({
      charged: { amount: 7.14, currency: 'EUR' },
      charge_differs_from_quote: true,
    });
    expect(first.budget).toMatchObject({ spent: 7.14, reserved: 0, remaining: 12.86 });
    await runOrder(ctx, new SessionKeys(), { ...buy, idempotencyKey: 'b' });
    // 14.28 spent: had the quotes been counted (11.90), a third order would still fit.
    await expect(
      runOrder(ctx, new SessionKeys(), { ...buy, idempotencyKey: 'c' }),
    ).rejects.toMatchObject({
      code: 'budget_exceeded',
      details: { remaining_budget: { amount: 5.72, currency: 'EUR' } },
    });
    expect(ctx.budget?.spentCents).toBe(2 * 714);
    expect(Math.round((before - (await balance())) * 100)).toBe(2 * 714);
  });

  it('counts the quote when the key cannot read the order records', async () => {
    const { ctx } = await setup({
      limitCents: 2000,
      scenario: repriced,
      apiKey: BUY_KEY,
      catalog: staleCatalog,
    });
    const order = await runOrder(ctx, new SessionKeys(), {
      body: KVM_S,
      dryRun: false,
      idempotencyKey: undefined,
    });
    expect(order.idempotent_replayed).toBe(false);
    expect(order.charged).toBeUndefined();
    expect(ctx.budget?.spentCents).toBe(595);
  });

  it('quotes a yearly order with addons at what it is charged, to the cent', async () => {
    const { ctx, balance } = await setup();
    const before = await balance();
    const body = {
      ...KVM_S,
      period_ref: 'REF-PERIOD-12',
      addons: [{ addon_ref: 'REF-ADDON-12', units: 2 }],
    };
    const dry = await runOrder(ctx, new SessionKeys(), { body, dryRun: true, idempotencyKey: 'y' });
    // 50.00 + 2.50 × 2 × 12 = 110.00 net, 20.90 VAT.
    expect(dry.quote).toMatchObject({
      period: { name: 'yearly', months: 12 },
      net: { amount: 110, currency: 'EUR' },
      vat: { amount: 20.9, currency: 'EUR' },
      price: { amount: 130.9, currency: 'EUR' },
      exact: true,
    });
    const bought = await runOrder(ctx, new SessionKeys(), {
      body,
      dryRun: false,
      idempotencyKey: 'y',
    });
    expect(bought).toMatchObject({
      charged: { amount: 130.9, currency: 'EUR' },
      charge_differs_from_quote: false,
    });
    expect(Math.round((before - (await balance())) * 100)).toBe(13_090);
  });

  it('every demo plan × period × addon in EUR, USD and GBP: the dry run price is the charge', async () => {
    const rich: ScenarioInput = {
      ...demoScenario,
      accounts: demoScenario.accounts?.map((account) => ({ ...account, balance: 1_000_000 })),
    };
    let checked = 0;
    for (const currency of ['eur', 'usd', 'gbp']) {
      const { ctx } = await setup({ scenario: rich, apiKey: `refak_demo_${currency}_full` });
      for await (const plan of ctx.client.plans.list({ limit: 100 })) {
        if (plan.in_stock === false) continue;
        for (const period of plan.periods ?? []) {
          for (const addon of [undefined, ...(plan.addons ?? [])]) {
            const body = {
              type: plan.service_type as 'kvm',
              plan_code: plan.code,
              period_ref: period.period_ref,
              ...(addon ? { addons: [{ addon_ref: addon.addon_ref, units: 3 }] } : {}),
            };
            const label = `${currency} ${plan.code} ${period.name} ${addon?.name ?? '-'}`;
            const keys = new SessionKeys();
            const dry = await runOrder(ctx, keys, {
              body,
              dryRun: true,
              idempotencyKey: undefined,
            });
            const bought = await runOrder(ctx, keys, {
              body,
              dryRun: false,
              idempotencyKey: undefined,
            });
            expect(dry.quote.exact, label).toBe(true);
            expect(bought.charged, label).toEqual(dry.quote.price);
            expect(bought.charge_differs_from_quote, label).toBe(false);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3 * 8);
  }, 30_000);

  it('refuses a period the plan does not offer, before buying', async () => {
    const { ctx } = await setup();
    await expect(
      runOrder(ctx, new SessionKeys(), {
        body: { ...KVM_S, period_ref: 'REF-PERIOD-99' },
        dryRun: false,
        idempotencyKey: undefined,
      }),
    ).rejects.toMatchObject({ code: 'period_not_offered' });
  });

  it('with a budget, refuses an order the catalog cannot price exactly', async () => {
    const { ctx } = await setup({ limitCents: 10_000, catalog: unpricedCatalog });
    const order = runOrder(ctx, new SessionKeys(), {
      body: { ...KVM_S, addons: [{ addon_ref: 'REF-ADDON-11', units: 1 }] },
      dryRun: false,
      idempotencyKey: undefined,
    });
    await expect(order).rejects.toBeInstanceOf(ToolRefusal);
    await expect(order).rejects.toMatchObject({ code: 'order_not_priceable' });
  });

  it('names a plan the catalog does not sell', async () => {
    const { ctx } = await setup();
    await expect(
      runOrder(ctx, new SessionKeys(), {
        body: { type: 'kvm', plan_code: 'no-such-plan' },
        dryRun: true,
        idempotencyKey: undefined,
      }),
    ).rejects.toMatchObject({ code: 'plan_not_found' });
  });
});
