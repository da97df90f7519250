import { RefClient } from '@refapi/sdk';
import { createReferenceServer, demoScenario, type ScenarioInput } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { SpendBudget } from '../budget';
import { SessionKeys } from '../idempotency-key';
import { type OrderContext, runOrder } from './order-tool';
import { ToolRefusal } from './tool-refusal';

const KVM_S = { type: 'kvm', plan_code: 'kvm-s' } as const;
const BUY_KEY = 'refak_demo_eur_buy';

// The demo scenario where kvm-s is charged 6.00 EUR a month (7.14 with VAT) while the
// catalog quotes 5.00 (5.95), with a key that may buy but not read the orders.
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

interface Setup {
  readonly limitCents?: number;
  readonly scenario?: ScenarioInput;
  readonly apiKey?: string;
}

// A reference server in process (the demo unless told); `loseNextOrderAnswer` lets the
// next POST /orders through to the server and then fails it as a reset connection would.
async function setup({ limitCents, scenario, apiKey = 'refak_demo_eur_full' }: Setup = {}) {
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
    const { ctx, balance } = await setup({ limitCents: 2000, scenario: repriced });
    const before = await balance();
    const buy = { body: KVM_S, dryRun: false };
    const first = await runOrder(ctx, new SessionKeys(), { ...buy, idempotencyKey: 'a' });
    expect(first.quote.price.amount).toBe(5.95);
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
    const { ctx } = await setup({ limitCents: 2000, scenario: repriced, apiKey: BUY_KEY });
    const order = await runOrder(ctx, new SessionKeys(), {
      body: KVM_S,
      dryRun: false,
      idempotencyKey: undefined,
    });
    expect(order.idempotent_replayed).toBe(false);
    expect(ctx.budget?.spentCents).toBe(595);
  });

  it('with a budget, refuses an order the catalog cannot price exactly', async () => {
    const { ctx } = await setup({ limitCents: 10_000 });
    const order = runOrder(ctx, new SessionKeys(), {
      body: { ...KVM_S, addons: [{ addon_ref: 'REF-ADDON-1', units: 1 }] },
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
