import { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { SpendBudget } from '../budget';
import { SessionKeys } from '../idempotency-key';
import { type OrderContext, runOrder } from './order-tool';
import { ToolRefusal } from './tool-refusal';

const KVM_S = { type: 'kvm', plan_code: 'kvm-s' } as const;

// The demo reference server in process; `loseNextOrderAnswer` lets the next POST /orders
// through to the server and then fails it as a reset connection would.
async function setup(limitCents?: number) {
  const server = createReferenceServer({ onError: () => {} });
  await server.ready;
  let lose = false;
  const client = new RefClient({
    apiKey: 'refak_demo_eur_full',
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
    chargedKeys: new Set(),
  };
  const balance = async () => (await client.balance.get()).amount;
  return { ctx, balance, loseNextOrderAnswer: () => (lose = true) };
}

describe('runOrder', () => {
  it('counts an order whose answer was lost as spent; the retry replays it', async () => {
    const { ctx, balance, loseNextOrderAnswer } = await setup(1000);
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

  it('with a budget, refuses an order the catalog cannot price exactly', async () => {
    const { ctx } = await setup(10_000);
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
