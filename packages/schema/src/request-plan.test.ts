import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plan } from './plan';
import { canonicalJson, planDigest } from './plan-digest';
import { type CatalogFacts, catalogFacts, type OrderPrice, priceOrder } from './pricing';
import {
  type PlanPricedFrom,
  type PlanQuote,
  RequestPlan,
  type RequestPlanOf,
  requestPlanJsonSchema,
} from './request-plan';

const catalogPlan: Plan = {
  plan_ref: 'REF-PLAN-1',
  name: 'KVM S',
  code: 'kvm-s',
  service_type: 'kvm',
  purchase_url: 'https://shop.example.test/kvm-s',
  account_price: { currency: 'EUR', base: 5, final: 5.95 },
  vat_rate: 0.19,
  periods: [{ period_ref: 'REF-PERIOD-12', name: 'yearly', months: 12, net: 50 }],
  addons: [{ addon_ref: 'REF-ADDON-11', name: 'extra-ipv4', monthly_net: 1 }],
};
const order = {
  type: 'kvm' as const,
  plan_code: 'kvm-s',
  period_ref: 'REF-PERIOD-12',
  addons: [{ addon_ref: 'REF-ADDON-11', units: 2 }],
};

async function orderPlan(): Promise<RequestPlanOf<'createOrder'>> {
  const quote = priceOrder(catalogPlan, order);
  const facts = catalogFacts(catalogPlan, order);
  if (!quote.ok || facts === undefined) throw new Error('the sample order does not price');
  const unsigned = {
    plan_version: 1,
    operation: 'createOrder',
    method: 'POST',
    path: '/orders',
    path_params: {},
    body: order,
    idempotency_key: 'plan-1',
    quote: structuredClone(quote.price) as PlanQuote,
    priced_from: structuredClone(facts) as PlanPricedFrom,
    account_ref: 'REF-ACCT-1',
    base_url: 'http://127.0.0.1:4010/v1',
    created_at: '2026-01-01T00:00:00.000Z',
    expires_at: '2026-01-01T01:00:00.000Z',
  } as const;
  return { ...unsigned, digest: await planDigest(unsigned) };
}

describe('the plan document', () => {
  it('checked-in request-plan.schema.json is up to date (run `pnpm --filter @refapi/schema openapi`)', () => {
    const onDisk = JSON.parse(
      readFileSync(new URL('../request-plan.schema.json', import.meta.url), 'utf8'),
    );
    expect(onDisk).toEqual(requestPlanJsonSchema());
  });

  it("holds an order's quote and the catalog facts it was priced from", async () => {
    const plan = await orderPlan();
    expect(RequestPlan.safeParse(plan).success).toBe(true);
    expect(plan.priced_from).toEqual({
      plan_ref: 'REF-PLAN-1',
      plan_code: 'kvm-s',
      service_type: 'kvm',
      currency: 'EUR',
      vat_rate: 0.19,
      period: { period_ref: 'REF-PERIOD-12', name: 'yearly', months: 12, net: 50 },
      addons: [{ addon_ref: 'REF-ADDON-11', name: 'extra-ipv4', monthly_net: 1 }],
    });
    expect(plan.quote.total_cents).toBe(8806);
  });

  it("refuses a body of another operation, a credential's field and a plan of another version", async () => {
    const plan = await orderPlan();
    expect(RequestPlan.safeParse({ ...plan, body: { action: 'stop' } }).success).toBe(false);
    expect(RequestPlan.safeParse({ ...plan, api_key: 'refak_x' }).success).toBe(false);
    expect(RequestPlan.safeParse({ ...plan, plan_version: 2 }).success).toBe(false);
    expect(
      RequestPlan.safeParse({
        ...plan,
        operation: 'powerService',
        path_params: { service_ref: 'REF-SVC-1' },
        body: { action: 'stop' },
      }).success,
    ).toBe(false);
  });

  it("a plan's quote and facts read as priceOrder's and catalogFacts' types", async () => {
    // Assignments, not expectTypeOf: these compile only while the shapes agree.
    const plan = await orderPlan();
    const price: OrderPrice = plan.quote;
    const facts: CatalogFacts = plan.priced_from;
    expect([price.total_cents, facts.plan_code]).toEqual([8806, 'kvm-s']);
  });
});

describe('planDigest', () => {
  it('is sha256 over RFC 8785 canonical JSON, whatever the order of the keys', async () => {
    expect(canonicalJson({ b: [1, 'x', null], a: { d: true, c: 0.19 }, u: undefined })).toBe(
      '{"a":{"c":0.19,"d":true},"b":[1,"x",null]}',
    );
    // sha256("{}"), a known vector.
    expect(await planDigest({ digest: 'ignored' })).toBe(
      'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    );
    const plan = await orderPlan();
    const reordered = Object.fromEntries(Object.entries(plan).reverse());
    expect(await planDigest(reordered)).toBe(plan.digest);
  });

  it('changes with any field: the total, the key, the account', async () => {
    const plan = await orderPlan();
    const edits = [
      { ...plan, quote: { ...plan.quote, total_cents: 1 } },
      { ...plan, idempotency_key: 'plan-2' },
      { ...plan, account_ref: 'REF-ACCT-2' },
    ];
    for (const edited of edits) expect(await planDigest(edited)).not.toBe(plan.digest);
  });
});
