import { RefClient } from '@refapi/sdk';
import { createReferenceServer, demoScenario, type ScenarioInput } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { SpendBudget } from '../budget';
import { SessionKeys } from '../idempotency-key';
import { PlanStore } from '../plans/plan-store';
import type { OrderToolResult } from './order-schema';
import type { OrderContext } from './order-tool';
import { quoteOrder } from './order-tool';
import { runPlannedOrder } from './planned-order';

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
  const ctx: OrderContext & { plans: PlanStore } = {
    client,
    budget: limitCents === undefined ? undefined : new SpendBudget(limitCents),
    plans: new PlanStore(),
  };
  const balance = async () => (await client.balance.get()).amount;
  return { ctx, balance, loseNextOrderAnswer: () => (lose = true) };
}

type Body = Parameters<typeof quoteOrder>[2]['body'];

/** A dry run (the quote and its plan), as `orders_create` answers with `dry_run` true. */
const dryRun = (
  ctx: OrderContext,
  keys: SessionKeys,
  body: Body,
  idempotencyKey?: string,
): Promise<OrderToolResult> => quoteOrder(ctx, keys, { body, idempotencyKey });

/** A purchase as a model makes it: a dry run, then `dry_run: false` with its `plan_id`. */
async function buy(
  ctx: OrderContext & { plans: PlanStore },
  keys: SessionKeys,
  body: Body,
  idempotencyKey?: string,
): Promise<OrderToolResult> {
  const { plan_id: planId, plan_unavailable } = await dryRun(ctx, keys, body, idempotencyKey);
  if (planId === undefined) throw new Error(`no plan: ${plan_unavailable}`);
  const bought = await runPlannedOrder(ctx, { planId, body, idempotencyKey }, 'not_asked');
  if ('confirm' in bought) throw new Error('asked to confirm without a person to ask');
  return bought;
}

describe('orders_create', () => {
  it('counts an order whose answer was lost as spent; applying the plan again replays it', async () => {
    const { ctx, balance, loseNextOrderAnswer } = await setup({ limitCents: 2000 });
    const keys = new SessionKeys();
    const before = await balance();
    const { plan_id: planId } = await dryRun(ctx, keys, KVM_S);
    const purchase = { planId: planId as string, body: KVM_S, idempotencyKey: undefined };
    loseNextOrderAnswer();
    await expect(runPlannedOrder(ctx, purchase, 'not_asked')).rejects.toThrow();
    expect(ctx.budget?.spentCents).toBe(595);
    const retry = (await runPlannedOrder(ctx, purchase, 'not_asked')) as OrderToolResult;
    expect(retry.idempotent_replayed).toBe(true);
    expect(ctx.budget?.spentCents).toBe(595);
    expect(Math.round((before - (await balance())) * 100)).toBe(595);
  });

  it('refuses a retry of a lost answer when the budget has no room to buy it again', async () => {
    // The API may have forgotten the key by then, and the retry would buy a second one.
    const { ctx, loseNextOrderAnswer } = await setup({ limitCents: 1000 });
    const keys = new SessionKeys();
    const { plan_id: planId } = await dryRun(ctx, keys, KVM_S);
    const purchase = { planId: planId as string, body: KVM_S, idempotencyKey: undefined };
    loseNextOrderAnswer();
    await expect(runPlannedOrder(ctx, purchase, 'not_asked')).rejects.toThrow();
    await expect(runPlannedOrder(ctx, purchase, 'not_asked')).rejects.toMatchObject({
      code: 'budget_exceeded',
      details: { remaining_budget: { amount: 4.05, currency: 'EUR' } },
    });
    expect(ctx.budget?.spentCents).toBe(595);
  });

  it('counts what the API charged when it differs from the plan, and says so as an error', async () => {
    const { ctx, balance } = await setup({
      limitCents: 2000,
      scenario: repriced,
      catalog: staleCatalog,
    });
    const before = await balance();
    const first = buy(ctx, new SessionKeys(), KVM_S, 'a');
    await expect(first).rejects.toMatchObject({
      name: 'PlanChargeMismatchError',
      charged: { cents: 714, currency: 'EUR' },
    });
    await expect(buy(ctx, new SessionKeys(), KVM_S, 'b')).rejects.toThrow();
    // 14.28 spent: had the plans' totals been counted (11.90), a third order would still fit.
    await expect(buy(ctx, new SessionKeys(), KVM_S, 'c')).rejects.toMatchObject({
      code: 'budget_exceeded',
      details: { remaining_budget: { amount: 5.72, currency: 'EUR' } },
    });
    expect(ctx.budget?.spentCents).toBe(2 * 714);
    expect(Math.round((before - (await balance())) * 100)).toBe(2 * 714);
  });

  it('cannot plan, so cannot buy, with a key that cannot read its account; the dry run says why', async () => {
    const { ctx } = await setup({ limitCents: 2000, scenario: repriced, apiKey: BUY_KEY });
    const dry = await dryRun(ctx, new SessionKeys(), KVM_S);
    expect(dry.plan_id).toBeUndefined();
    expect(dry.plan_unavailable).toMatch(/account:read/);
    expect(ctx.budget?.spentCents).toBe(0);
  });

  it('quotes a yearly order with addons at what it is charged, to the cent', async () => {
    const { ctx, balance } = await setup();
    const before = await balance();
    const body = {
      ...KVM_S,
      period_ref: 'REF-PERIOD-12',
      addons: [{ addon_ref: 'REF-ADDON-12', units: 2 }],
    };
    const dry = await dryRun(ctx, new SessionKeys(), body, 'y');
    // 50.00 + 2.50 × 2 × 12 = 110.00 net, 20.90 VAT.
    expect(dry.quote).toMatchObject({
      period: { name: 'yearly', months: 12 },
      net: { amount: 110, currency: 'EUR' },
      vat: { amount: 20.9, currency: 'EUR' },
      price: { amount: 130.9, currency: 'EUR' },
      exact: true,
    });
    const bought = await buy(ctx, new SessionKeys(), body, 'y');
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
            const dry = await dryRun(ctx, keys, body);
            const bought = await buy(ctx, keys, body);
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

  it('refuses a period the plan does not offer, before anything is planned', async () => {
    const { ctx } = await setup();
    await expect(
      dryRun(ctx, new SessionKeys(), { ...KVM_S, period_ref: 'REF-PERIOD-99' }),
    ).rejects.toMatchObject({ code: 'period_not_offered' });
  });

  it('refuses an OS image or region the plan does not offer, before anything is planned', async () => {
    const { ctx } = await setup();
    for (const [body, code] of [
      [{ ...KVM_S, os_image_ref: 'REF-OS-99' }, 'os_image_not_offered'],
      [{ ...KVM_S, region_ref: 'REF-REGION-99' }, 'region_not_offered'],
    ] as const) {
      await expect(dryRun(ctx, new SessionKeys(), body), code).rejects.toMatchObject({ code });
    }
  });

  it('holds no plan priced otherwise than the quote it shows (the catalog changed between its reads)', async () => {
    // The quote reads the catalog, then the plan reads it again: the first read still says
    // 5.95 EUR, the second 7.14 (the price changed in between).
    let reads = 0;
    const { ctx, balance } = await setup({
      limitCents: 2000,
      scenario: repriced,
      catalog: (plan) => (plan.code === 'kvm-s' && reads++ === 0 ? staleCatalog(plan) : plan),
    });
    const before = await balance();
    const dry = await dryRun(ctx, new SessionKeys(), KVM_S);
    expect(dry.quote).toMatchObject({ price: { amount: 5.95, currency: 'EUR' }, exact: true });
    expect(dry.plan_id).toBeUndefined();
    expect(dry.plan_unavailable).toMatch(/price changed/);
    expect(await balance()).toBe(before);
  });

  it('makes no plan of an order the catalog cannot price exactly, and says so', async () => {
    const { ctx } = await setup({ limitCents: 10_000, catalog: unpricedCatalog });
    const dry = await dryRun(ctx, new SessionKeys(), {
      ...KVM_S,
      addons: [{ addon_ref: 'REF-ADDON-11', units: 1 }],
    });
    expect(dry.quote.exact).toBe(false);
    expect(dry.plan_id).toBeUndefined();
    expect(dry.plan_unavailable).toMatch(/cannot be planned or bought here/);
  });

  it('refuses an order priced past exact cents, as the API does, before anything is planned', async () => {
    // 2^52 addon units: a total no integer of cents holds (the API answers 422
    // price_not_supported); a quote of it would be wrong, and its plan unbuyable.
    const { ctx } = await setup({ limitCents: 2000 });
    const huge = { ...KVM_S, addons: [{ addon_ref: 'REF-ADDON-11', units: 2 ** 52 }] };
    await expect(dryRun(ctx, new SessionKeys(), huge)).rejects.toMatchObject({
      code: 'price_not_supported',
    });
    expect(ctx.plans.size).toBe(0);
  });

  it('names a plan the catalog does not sell', async () => {
    const { ctx } = await setup();
    await expect(
      dryRun(ctx, new SessionKeys(), { type: 'kvm', plan_code: 'no-such-plan' }),
    ).rejects.toMatchObject({ code: 'plan_not_found' });
  });
});
