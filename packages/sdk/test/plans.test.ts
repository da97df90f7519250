import { planDigest, priceOrder } from '@refapi/schema';
import { createRefTestServer } from '@refapi/server/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  checkPlan,
  PlanChargeMismatchError,
  PlanPriceChangedError,
  type PlanRefusalReason,
  PlanRefusedError,
  RefClient,
  UnprocessableEntityError,
} from '../src/index';
import { DEMO } from './helpers/reference';

// Plan once, apply exactly (issue 53), against the reference server of the test kit: what
// a plan says is what is sent, once, and whatever no longer holds is refused before sending.

const ref = createRefTestServer();
beforeAll(() => ref.start());
afterEach(() => ref.reset());
afterAll(() => ref.stop());

const clientOf = (apiKey: string = DEMO.eurKey, baseUrl = ref.baseUrl) =>
  new RefClient({ apiKey, baseUrl, maxRetries: 0 });
const ORDER = {
  type: 'kvm' as const,
  plan_code: 'kvm-s',
  period_ref: 'REF-PERIOD-12',
  addons: [{ addon_ref: 'REF-ADDON-11', units: 2 }],
};
// A plan read back from its file: what `apply` gets from refctl or a CI job.
const throughJson = <T>(plan: T): unknown => JSON.parse(JSON.stringify(plan));
const balanceCents = async (client: RefClient) =>
  Math.round((await client.balance.get()).amount * 100);

async function refusal(promise: Promise<unknown>): Promise<PlanRefusedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PlanRefusedError)) throw new Error(`expected a refusal, got ${error}`);
  return error;
}

describe('orders: plan, then apply', () => {
  it('applies the plan twice and buys once, at the planned total; the test kit finds the request', async () => {
    const client = clientOf();
    const plan = await client.orders.plan(ORDER, { idempotencyKey: 'plan-order-1' });
    const catalog = await client.plans.find('kvm', 'kvm-s');
    const quote = priceOrder(catalog!, ORDER);
    expect(quote.ok && quote.price.total_cents).toBe(plan.quote.total_cents);
    expect(plan).toMatchObject({
      operation: 'createOrder',
      method: 'POST',
      path: '/orders',
      body: ORDER,
      idempotency_key: 'plan-order-1',
      account_ref: 'REF-ACCT-1',
      base_url: ref.baseUrl,
      priced_from: { plan_code: 'kvm-s', period: { period_ref: 'REF-PERIOD-12', months: 12 } },
    });
    expect(Date.parse(plan.expires_at) - Date.parse(plan.created_at)).toBe(3_600_000);
    expect(ref.requests({ method: 'POST' })).toHaveLength(0);

    const before = await balanceCents(client);
    const first = await client.apply(throughJson(plan));
    const second = await client.apply(throughJson(plan));
    expect([first.replayed, second.replayed]).toEqual([false, true]);
    expect(first.charged).toMatchObject({ cents: plan.quote.total_cents, currency: 'EUR' });
    expect(second.charged).toEqual(first.charged);
    expect(before - (await balanceCents(client))).toBe(plan.quote.total_cents);
    expect(ref.expectOneRequest(plan).idempotency_key).toBe('plan-order-1');
    expect(ref.requests({ operationId: 'createOrder' })).toHaveLength(2);
  });

  it('says this call bought when its retry is answered with the result of its own lost attempt', async () => {
    // A proxy that passes the first order on, then loses its answer (503): the SDK retries
    // with the same key, and the server replays what that first attempt bought.
    let lost = false;
    const losingFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      if (lost || request.method !== 'POST' || !request.url.endsWith('/orders')) return response;
      lost = true;
      return new Response('{"error":"upstream"}', { status: 503, headers: { 'retry-after': '0' } });
    };
    const client = new RefClient({ apiKey: DEMO.eurKey, baseUrl: ref.baseUrl, fetch: losingFetch });
    const before = await balanceCents(client);
    const plan = await client.orders.plan(ORDER);
    const applied = await client.apply(plan);
    expect([lost, applied.replayed, applied.charged?.cents]).toEqual([
      true,
      false,
      plan.quote.total_cents,
    ]);
    expect(ref.requests({ method: 'POST' })).toHaveLength(2);
    expect(before - (await balanceCents(client))).toBe(plan.quote.total_cents);
    // Applied again by a later call: that one is the replay, and buys nothing.
    expect((await client.apply(plan)).replayed).toBe(true);
    expect(before - (await balanceCents(client))).toBe(plan.quote.total_cents);
    const order = await client.orders.create(ORDER, { idempotencyKey: plan.idempotency_key });
    expect(order.idempotent_replayed).toBe(true);
  });

  it('applies a plan again after its order bought the last unit: a replay, not "out of stock"', async () => {
    // Stock is checked by the server, atomically, with the key: sending the planned request
    // to an out-of-stock plan buys nothing, and is how a second apply learns it was a replay.
    const state = ref.state() as unknown as { plans: Record<string, unknown>[] };
    for (const p of state.plans) if (p.code === 'kvm-s') p.stock = 1;
    await ref.reference.admin.loadScenario(state);
    const client = clientOf();
    const plan = throughJson(await client.orders.plan({ type: 'kvm', plan_code: 'kvm-s' }));
    const other = throughJson(await client.orders.plan({ type: 'kvm', plan_code: 'kvm-s' }));
    const before = await balanceCents(client);
    const first = await client.apply(plan);
    expect((await client.plans.find('kvm', 'kvm-s'))?.in_stock).toBe(false);
    const second = await client.apply(plan);
    expect([first.replayed, second.replayed]).toEqual([false, true]);
    expect(second.charged).toEqual(first.charged);
    // A plan never applied, now out of stock: the server refuses it; nothing is bought.
    const refused = await client.apply(other).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UnprocessableEntityError);
    expect((refused as UnprocessableEntityError).code).toBe('out_of_stock');
    expect(before - (await balanceCents(client))).toBe(595);
    expect(ref.requests({ operationId: 'createOrder' })).toHaveLength(3);
  });

  it('checkPlan refuses a document that is no plan or was edited, with no request at all', async () => {
    const plan = throughJson(await clientOf().orders.plan(ORDER));
    const before = ref.requests().length;
    await expect(checkPlan(plan)).resolves.toEqual(plan);
    expect((await refusal(checkPlan(null))).reason).toBe('invalid');
    const edited = { ...(plan as object), body: { ...ORDER, plan_code: 'kvm-m' } };
    expect((await refusal(checkPlan(edited))).reason).toBe('tampered');
    expect(ref.requests().length).toBe(before);
  });

  it('refuses, naming both prices, when the catalog price changed; nothing is charged', async () => {
    const client = clientOf();
    const plan = await client.orders.plan({ type: 'kvm', plan_code: 'kvm-s' });
    // The catalog moves on (admin: the current state with kvm-s at 6 EUR a month).
    const state = ref.state() as unknown as { plans: Record<string, unknown>[] };
    for (const p of state.plans) {
      if (p.code === 'kvm-s') Object.assign(p, { price_eur: 6, period_prices: { monthly: 6 } });
    }
    await ref.reference.admin.loadScenario(state);
    const before = await balanceCents(client);
    const error = await refusal(client.apply(plan));
    expect(error).toBeInstanceOf(PlanPriceChangedError);
    expect(error.reason).toBe('price_changed');
    expect(error.message).toContain('planned 5.95 EUR, now 7.14 EUR');
    expect(await balanceCents(client)).toBe(before);
    expect(ref.requests({ operationId: 'createOrder' })).toHaveLength(0);
  });

  it('says nothing was bought when the key of a plan at a new price had bought at the old one', async () => {
    // Two plans of one order with one key (an agent's derived key, a CI job's fixed one),
    // the price changed between them: the second is answered by the first's stored order.
    // `ref.reset()` goes back to the scenario loaded last: the one found here is put back.
    const found = ref.state();
    const client = clientOf();
    const body = { type: 'kvm' as const, plan_code: 'kvm-s' };
    const catalog = (price: number) => {
      const state = ref.state() as unknown as { plans: Record<string, unknown>[] };
      for (const p of state.plans) {
        if (p.code === 'kvm-s') {
          Object.assign(p, { stock: 10, price_eur: price, period_prices: { monthly: price } });
        }
      }
      return ref.reference.admin.loadScenario(state);
    };
    await catalog(5);
    const old = await client.orders.plan(body, { idempotencyKey: 'same-order-key' });
    const before = await balanceCents(client);
    await client.apply(old);
    await catalog(6);
    const repriced = await client.orders.plan(body, { idempotencyKey: 'same-order-key' });
    const error = await client.apply(repriced).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlanChargeMismatchError);
    expect(error).toMatchObject({
      replayed: true,
      planned: { cents: 714, currency: 'EUR' },
      charged: { cents: 595, currency: 'EUR' },
    });
    // It used to say only "order … charged 5.95 EUR, but the plan's total was 7.14 EUR",
    // as if this apply had bought at a price nobody planned.
    expect((error as Error).message).toMatch(
      /^the plan's idempotency key had already bought order REF-ORD-\w+ for 5\.95 EUR, which the server replayed: nothing was bought now, and the plan's total 7\.14 EUR was not charged; make a plan with another idempotency key to buy it$/,
    );
    expect(before - (await balanceCents(client))).toBe(595);
    await ref.reference.admin.loadScenario(found);
  });

  it.each<[PlanRefusalReason, (plan: Record<string, unknown>) => Promise<[unknown, RefClient]>]>([
    ['invalid', async () => [{ plan_version: 1 }, clientOf()]],
    ['tampered', async (plan) => [{ ...plan, body: { ...ORDER, plan_code: 'kvm-m' } }, clientOf()]],
    [
      'tampered',
      async (plan) => [
        { ...plan, quote: { ...(plan.quote as object), total_cents: 1 } },
        clientOf(),
      ],
    ],
    [
      'expired',
      async () => [
        await clientOf().orders.plan(ORDER, { now: new Date(Date.now() - 7_200_000) }),
        clientOf(),
      ],
    ],
    ['other_account', async (plan) => [plan, clientOf(DEMO.usdKey)]],
    ['other_base_url', async (plan) => [plan, clientOf(DEMO.eurKey, 'https://elsewhere.test/v1')]],
  ])('refuses a plan that is %s, before sending anything', async (reason, make) => {
    const plan = (await clientOf().orders.plan(ORDER)) as unknown as Record<string, unknown>;
    const [document, client] = await make(plan);
    const error = await refusal(client.apply(document));
    expect(error.reason).toBe(reason);
    expect(error.message).toMatch(/nothing was sent$/);
    expect(ref.requests({ operationId: 'createOrder' })).toHaveLength(0);
  });

  it('takes a base URL written another way for the same one (case, trailing slash)', async () => {
    const client = clientOf();
    const plan = throughJson(await client.orders.plan(ORDER)) as Record<string, unknown>;
    // What another tool may write by the published JSON Schema: the same URL, spelled so.
    const url = new URL(ref.baseUrl);
    plan.base_url = `${url.protocol.toUpperCase()}//${url.host.toUpperCase()}${url.pathname}/`;
    plan.digest = await planDigest(plan);
    const applied = await client.apply(plan);
    expect(applied.replayed).toBe(false);
    expect(ref.requests({ operationId: 'createOrder' })).toHaveLength(1);
  });

  it('refuses a bad body at plan time, with no request at all', async () => {
    const error = await refusal(
      clientOf().orders.plan({
        type: 'kvm',
        plan_code: 'kvm-s',
        addons: [{ addon_ref: 'x', units: 0 }],
      }),
    );
    expect(error.reason).toBe('invalid');
    expect(error.message).toContain('body.addons.0');
    expect(ref.requests()).toHaveLength(0);
  });

  it('makes no plan of an order priced past exact cents, as the API refuses it (price_not_supported)', async () => {
    // Written, such a plan quoted a rounded total, and its own apply refused it as no plan.
    const error = await refusal(
      clientOf().orders.plan({
        type: 'kvm',
        plan_code: 'kvm-s',
        addons: [{ addon_ref: 'REF-ADDON-11', units: 99_999_999_999_999 }],
      }),
    );
    expect(error.reason).toBe('not_for_sale');
    expect(error.message).toContain('price_not_supported');
    expect(ref.requests({ method: 'POST' })).toHaveLength(0);
  });

  it('makes no plan of an OS image or region the plan does not offer, as the API refuses it', async () => {
    // Written, such a plan passed every check and its apply got 422 os_image_not_offered.
    const client = clientOf();
    const os = await refusal(
      client.orders.plan({ type: 'kvm', plan_code: 'kvm-s', os_image_ref: 'REF-OS-99' }),
    );
    expect(os.reason).toBe('not_for_sale');
    expect(os.message).toBe(
      'plan kvm-s cannot take this order (os_image_not_offered: offers no OS image REF-OS-99); nothing was sent',
    );
    const region = await refusal(
      client.orders.plan({ type: 'kvm', plan_code: 'kvm-s', region_ref: 'REF-REGION-99' }),
    );
    expect(region.reason).toBe('not_for_sale');
    expect(region.message).toContain('(region_not_offered: offers no region REF-REGION-99)');
    const named = await refusal(
      client.orders.plan({ type: 'kvm', plan_code: 'kvm-s', os_name: 'plan9' }),
    );
    expect(named.message).toContain('os_not_offered');
    // What the plan offers is planned as before.
    const offered = await client.orders.plan({
      type: 'kvm',
      plan_code: 'kvm-s',
      os_image_ref: 'REF-OS-11',
      region_ref: 'REF-REGION-11',
    });
    expect(offered.body).toMatchObject({ os_image_ref: 'REF-OS-11', region_ref: 'REF-REGION-11' });
    expect(ref.requests({ method: 'POST' })).toHaveLength(0);
  });

  it('refuses a `now` that is no time, and an expiry past the last date, as configuration errors', async () => {
    const client = clientOf();
    const plan = await client.orders.plan({ type: 'kvm', plan_code: 'kvm-s' });
    const invalid = new Date(Number.NaN);
    // An invalid `now` made the expiry check compare NaN, which never says expired.
    await expect(client.apply(plan, { now: invalid })).rejects.toBeInstanceOf(ConfigurationError);
    await expect(client.orders.plan(ORDER, { now: invalid })).rejects.toBeInstanceOf(
      ConfigurationError,
    );
    await expect(client.orders.plan(ORDER, { expiresInSeconds: 1e15 })).rejects.toBeInstanceOf(
      ConfigurationError,
    );
    expect(ref.requests({ operationId: 'createOrder' })).toHaveLength(0);
  });
});

describe('a plan holds no secret', () => {
  it('refuses an API key given as the idempotency key (the wrong variable), before anything is read', async () => {
    // A plan file is reviewed and committed: written, it carried the key in idempotency_key.
    const client = clientOf();
    for (const make of [
      () => client.orders.plan(ORDER, { idempotencyKey: DEMO.eurKey }),
      () => client.services.planPower(DEMO.kvm, 'reboot', { idempotencyKey: `x-${DEMO.usdKey}` }),
    ]) {
      const error = await make().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toBe(
        'idempotencyKey holds an API key (refak_…), not an idempotency key; no plan was made.',
      );
      expect((error as Error).message).not.toContain(DEMO.eurKey);
    }
    expect(ref.requests()).toHaveLength(0);
  });
});

describe('every write operation plans and applies', () => {
  it('auto-renew, power, Shield rule add and delete, preset, profile: each plan round-trips', async () => {
    const client = clientOf();
    const shield = client.shield(DEMO.kvm);
    const plans = [
      await client.services.planAutoRenew(DEMO.kvm, false),
      await client.services.planPower(DEMO.kvm, 'reboot'),
      await shield.rules.planCreate({
        name: 'plan-dns',
        mode: 'enforce',
        action: 'drop',
        risk: 'low',
        protocol: 'udp',
        destination_port: 53,
      }),
      await shield.presets.planApply('block-udp-amplification'),
    ];
    for (const plan of plans) {
      const applied = await client.apply(throughJson(plan));
      expect(applied.operation).toBe(plan.operation);
      expect(ref.expectOneRequest(plan).status).toBeLessThan(300);
    }
    const created = await client.apply(plans[2]!);
    expect(created.replayed).toBe(true);
    const ruleId = (created.data as { rule: { id: string } }).rule.id;
    await ref.clock.advance(30);
    const remove = await shield.rules.planDelete(ruleId);
    expect(remove.path).toBe(`/services/${DEMO.kvm}/shield/rules/${ruleId}`);
    expect(remove.body).toBeNull();
    await client.apply(throughJson(remove));
    ref.expectOneRequest(remove);
    const profile = await shield.profiles.planApply('strict');
    expect((await client.apply(throughJson(profile))).replayed).toBe(false);
    ref.expectOneRequest(profile);
  });
});
