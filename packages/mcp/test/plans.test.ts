import type { Client } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Connected, connectInProcess, errorFacts, structured } from './helpers/mcp-client';
import { type Reference, startReference } from './helpers/reference';

// Plan once, apply exactly (issue 53) through the official client: a dry run holds a plan,
// the purchase names it, and, when the client can ask its person, they confirm its total.

const KEY = 'refak_demo_eur_full';
const ORDER = {
  type: 'kvm',
  plan_code: 'kvm-s',
  period_ref: 'REF-PERIOD-12',
  addons: [{ addon_ref: 'REF-ADDON-11', units: 1 }],
};

let ref: Reference;
const open: Connected[] = [];
beforeEach(async () => {
  ref = await startReference();
});
afterEach(async () => {
  for (const mcp of open.splice(0)) {
    await mcp.close();
    expect(mcp.transcript()).not.toContain(KEY);
  }
  await ref.close();
});

type Answer = { action: 'accept'; content: { confirm: boolean } } | { action: 'decline' };

/** A client of `refapi-mcp --tools all`; with `answer`, one that can be asked (elicitation). */
async function connect(args: string[] = [], answer?: (message: string) => Answer) {
  const setup =
    answer === undefined
      ? undefined
      : {
          capabilities: { elicitation: { form: {} } },
          prepare: (client: Client) =>
            client.setRequestHandler('elicitation/create', async (request) => {
              const params = request.params as { message: string };
              return answer(params.message);
            }),
        };
  const mcp = await connectInProcess(
    ['--tools', 'all', ...args],
    { REF_API_KEY: KEY, REF_BASE_URL: ref.baseUrl },
    setup,
  );
  open.push(mcp);
  return mcp;
}

const orderPosts = () =>
  ref.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/orders'));
const ordersOfAccount = () => ref.orders(KEY).length;

async function dryRun(mcp: Connected) {
  const data = structured(await mcp.call('orders_create', ORDER));
  expect(data).toMatchObject({
    dry_run: true,
    plan_id: expect.stringMatching(/^plan_[0-9a-f]{32}$/),
    expires_at: expect.any(String),
    quote: { price: { amount: 73.78, currency: 'EUR' }, exact: true },
  });
  return data.plan_id as string;
}

describe('orders_create with a plan, without the input-required round trip', () => {
  it('buys the planned order once, however often the plan is named', async () => {
    const mcp = await connect();
    const before = ordersOfAccount();
    const planId = await dryRun(mcp);
    expect(orderPosts()).toHaveLength(0);
    const bought = structured(
      await mcp.call('orders_create', { ...ORDER, dry_run: false, plan_id: planId }),
    );
    expect(bought).toMatchObject({
      plan_id: planId,
      charged: { amount: 73.78, currency: 'EUR' },
      idempotent_replayed: false,
    });
    const again = structured(
      await mcp.call('orders_create', { ...ORDER, dry_run: false, plan_id: planId }),
    );
    expect(again.idempotent_replayed).toBe(true);
    expect(ordersOfAccount() - before).toBe(1);
  });

  it("names the plan in the purchase's quote as its dry run did", async () => {
    const mcp = await connect();
    const dry = structured(await mcp.call('orders_create', ORDER));
    const bought = structured(
      await mcp.call('orders_create', { ...ORDER, dry_run: false, plan_id: dry.plan_id }),
    );
    expect(dry.quote).toMatchObject({ plan_code: 'kvm-s', plan_name: 'KVM S' });
    expect(bought.quote).toMatchObject({ plan_code: 'kvm-s', plan_name: 'KVM S' });
  });

  it('refuses a purchase that names no plan: nothing is sent', async () => {
    const mcp = await connect();
    const before = ordersOfAccount();
    const refused = await mcp.call('orders_create', { ...ORDER, dry_run: false });
    expect(errorFacts(refused)).toMatchObject({ error: 'plan_required' });
    expect((refused.content[0] as { text: string }).text).toMatch(/dry_run true/);
    expect(orderPosts()).toHaveLength(0);
    expect(ordersOfAccount()).toBe(before);
  });

  it('refuses other arguments than the planned ones, an unknown plan and a changed price', async () => {
    const mcp = await connect();
    const planId = await dryRun(mcp);
    const other = await mcp.call('orders_create', {
      ...ORDER,
      addons: [{ addon_ref: 'REF-ADDON-11', units: 2 }],
      dry_run: false,
      plan_id: planId,
    });
    expect(errorFacts(other)).toMatchObject({ error: 'plan_body_mismatch' });
    const unknown = await mcp.call('orders_create', {
      ...ORDER,
      dry_run: false,
      plan_id: `plan_${'0'.repeat(32)}`,
    });
    expect(errorFacts(unknown)).toMatchObject({ error: 'plan_not_found' });

    const state = ref.admin.state() as unknown as { plans: Record<string, unknown>[] };
    for (const plan of state.plans) {
      if (plan.code === 'kvm-s') Object.assign(plan, { period_prices: { yearly: 60 } });
    }
    await ref.admin.loadScenario(state);
    const changed = await mcp.call('orders_create', { ...ORDER, dry_run: false, plan_id: planId });
    expect(errorFacts(changed)).toMatchObject({
      error: 'plan_price_changed',
      planned: { amount: 73.78, currency: 'EUR' },
      current: { amount: 85.68, currency: 'EUR' },
    });
    expect(orderPosts()).toHaveLength(0);
  });

  it('says nothing was bought when a new dry run of a bought order, at a new price, is named', async () => {
    // The same arguments derive the same idempotency key: the second plan's purchase is
    // answered by the first order. It was an internal_error ("Try again") and, counted as
    // a new order, took the budget twice.
    const mcp = await connect(['--max-spend', '200']);
    const before = ordersOfAccount();
    structured(
      await mcp.call('orders_create', { ...ORDER, dry_run: false, plan_id: await dryRun(mcp) }),
    );
    const state = ref.admin.state() as unknown as { plans: Record<string, unknown>[] };
    for (const plan of state.plans) {
      if (plan.code === 'kvm-s') Object.assign(plan, { period_prices: { yearly: 60 } });
    }
    await ref.admin.loadScenario(state);
    const repriced = structured(await mcp.call('orders_create', ORDER));
    expect(repriced.quote).toMatchObject({ price: { amount: 85.68, currency: 'EUR' } });
    const named = await mcp.call('orders_create', {
      ...ORDER,
      dry_run: false,
      plan_id: repriced.plan_id,
    });
    expect(errorFacts(named)).toEqual({
      error: 'plan_charge_mismatch',
      message: expect.stringMatching(
        /^the plan's idempotency key had already bought order REF-ORD-\w+ for 73\.78 EUR, which the server replayed: nothing was bought now, .*\.$/,
      ),
      next_step: expect.stringContaining('idempotency_key'),
      planned: { amount: 85.68, currency: 'EUR' },
      charged: { amount: 73.78, currency: 'EUR' },
      order_ref: expect.stringMatching(/^REF-ORD-/),
      idempotent_replayed: true,
    });
    expect(ordersOfAccount() - before).toBe(1);
    // 73.78 spent once: a purchase of 85.68 more still fits the 200.
    const other = { ...ORDER, addons: [] };
    const dry = structured(await mcp.call('orders_create', other));
    const bought = structured(
      await mcp.call('orders_create', { ...other, dry_run: false, plan_id: dry.plan_id }),
    );
    expect(bought.budget).toMatchObject({ spent: 145.18 });
  });

  it("checks the spend budget against the plan's total", async () => {
    const mcp = await connect(['--max-spend', '50']);
    const planId = await dryRun(mcp);
    const refused = await mcp.call('orders_create', { ...ORDER, dry_run: false, plan_id: planId });
    expect(errorFacts(refused)).toMatchObject({ error: 'budget_exceeded' });
    expect(orderPosts()).toHaveLength(0);
  });
});

describe('orders_create with a plan, with the input-required round trip', () => {
  it("asks the person to confirm the plan's total, then buys it", async () => {
    const asked: string[] = [];
    const mcp = await connect([], (message) => {
      asked.push(message);
      return { action: 'accept', content: { confirm: true } };
    });
    const planId = await dryRun(mcp);
    const bought = structured(
      await mcp.call('orders_create', { ...ORDER, dry_run: false, plan_id: planId }),
    );
    expect(asked).toEqual([
      `Buy kvm-s (yearly) for 73.78 EUR from the account balance? (plan ${planId})`,
    ]);
    expect(bought.charged).toEqual({ amount: 73.78, currency: 'EUR' });
    expect(orderPosts()).toHaveLength(1);
  });

  it('buys nothing when the person declines', async () => {
    const mcp = await connect([], () => ({ action: 'decline' }));
    const planId = await dryRun(mcp);
    const declined = await mcp.call('orders_create', { ...ORDER, dry_run: false, plan_id: planId });
    expect(errorFacts(declined)).toMatchObject({ error: 'plan_declined' });
    expect(orderPosts()).toHaveLength(0);
  });
});
