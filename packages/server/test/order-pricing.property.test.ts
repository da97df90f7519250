import { operations, PlanPage, priceOrder } from '@refapi/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The SDK's public entry by path: a workspace devDependency on it would be a cycle (the
// SDK's own tests run against this server).
import { RefClient } from '../../sdk/src/index';
import { createReferenceServer } from '../src/index';

// Property (reference-server spec, section 8): over generated catalogs, the price a client
// computes from GET /v1/plans with `priceOrder` is exactly what the server debits from the
// balance and writes on the invoice, the ledger transaction and the order — to the cent.
// The order is bought the way a reviewed change is (issue 53): the SDK plans it
// (`orders.plan`, the quote in the plan) and applies the plan, so the plan's total is the
// charge too; applying it again replays and charges nothing more.

const KEY = 'refak_pricing_full';
const cents = (min: number, max: number) => fc.integer({ min, max }).map((c) => c / 100);
// Rates of at most six decimals, as the scenario holds them.
const rate = fc.integer({ min: 100_000, max: 3_000_000 }).map((m) => m / 1_000_000);

const catalog = fc
  .record({
    currency: fc.constantFrom('EUR', 'USD', 'GBP'),
    usd: rate,
    gbp: rate,
    vatPercent: fc.integer({ min: 0, max: 2700 }).map((bp) => bp / 10_000),
    price: cents(1, 99_999),
    periods: fc.uniqueArray(fc.constantFrom(1, 3, 6, 12, 24, 36), { minLength: 1, maxLength: 4 }),
    periodPrice: fc.option(cents(1, 999_999), { nil: undefined }),
    addonPrices: fc.array(cents(1, 9_999), { minLength: 3, maxLength: 3 }),
  })
  .chain((c) =>
    fc.record({
      catalog: fc.constant(c),
      periodIndex: fc.nat({ max: c.periods.length - 1 }),
      addons: fc.uniqueArray(
        fc.record({ index: fc.nat({ max: 2 }), units: fc.integer({ min: 1, max: 5 }) }),
        { maxLength: 3, selector: (a) => a.index },
      ),
    }),
  );

type Case = typeof catalog extends fc.Arbitrary<infer T> ? T : never;

function scenarioOf({ catalog: c }: Case) {
  const periods = c.periods.map((months, i) => ({
    period_ref: `REF-PERIOD-${i + 1}`,
    name: `p${months}`,
    months,
  }));
  return {
    now: '2026-01-01T00:00:00.000Z',
    rates: { EUR: 1, USD: c.usd, GBP: c.gbp },
    plans: [
      {
        plan_ref: 'REF-PLAN-1',
        name: 'Generated',
        code: 'gen-1',
        service_type: 'kvm',
        purchase_url: 'https://shop.example.test/gen-1',
        price_eur: c.price,
        // One period priced on its own (a discount), the others at base × months.
        ...(c.periodPrice === undefined
          ? {}
          : { period_prices: { [`p${c.periods[0]}`]: c.periodPrice } }),
        periods,
        addons: c.addonPrices.map((price_eur, i) => ({
          addon_ref: `REF-ADDON-${i + 1}`,
          name: `addon-${i + 1}`,
          price_eur,
        })),
      },
    ],
    accounts: [
      {
        account_ref: 'REF-ACCT-1',
        email: 'p@example.test',
        first_name: 'P',
        last_name: 'Q',
        country_code: 'DE',
        account_currency: c.currency,
        preferred_locale: 'en-GB',
        status: 'active',
        balance: 100_000_000,
        vat_rate: c.vatPercent,
        billing_profile_complete: true,
        api_keys: [{ token: KEY, scopes: ['*'], allowed_ips: [] }],
      },
    ],
  };
}

describe('order pricing over generated catalogs', () => {
  it('quote = plan total = apply charge = balance debit = invoice = ledger = order amount, to the cent', async () => {
    const server = createReferenceServer({ adminToken: 'test-admin-token' });
    await server.ready;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await server.fetch(`${server.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${KEY}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    };
    const toCents = (amount: number) => Math.round(amount * 100);

    await fc.assert(
      fc.asyncProperty(catalog, async (generated) => {
        await server.admin.loadScenario(scenarioOf(generated));
        const page = PlanPage.parse((await call('GET', '/plans')).body);
        const plan = page.plans[0];
        if (plan === undefined) throw new Error('the generated plan is not listed');
        const order = {
          type: 'kvm' as const,
          plan_code: 'gen-1',
          period_ref: `REF-PERIOD-${generated.periodIndex + 1}`,
          addons: generated.addons.map((a) => ({
            addon_ref: `REF-ADDON-${a.index + 1}`,
            units: a.units,
          })),
        };
        const quote = priceOrder(plan, order);
        if (!quote.ok) throw new Error(quote.error);
        const client = new RefClient({
          apiKey: KEY,
          baseUrl: server.baseUrl,
          fetch: server.fetch,
          maxRetries: 0,
        });
        const planned = await client.orders.plan(order);
        expect(planned.quote).toEqual(quote.price);
        const before = toCents((await call('GET', '/balance')).body.amount);
        const applied = await client.apply(JSON.parse(JSON.stringify(planned)));
        const created = operations.createOrder.success.schema.parse(applied.data);
        const after = toCents(created.balance.amount);
        const again = await client.apply(planned);
        expect([applied.replayed, again.replayed]).toEqual([false, true]);
        expect(toCents((await call('GET', '/balance')).body.amount)).toBe(after);
        const [invoice] = (await call('GET', '/invoices?limit=1')).body.invoices;
        const [txn] = (await call('GET', '/transactions?limit=1')).body.transactions;
        const [placed] = (await call('GET', '/orders?limit=1')).body.orders;
        const total = planned.quote.total_cents;
        expect({
          charged: applied.charged?.cents,
          debit: before - after,
          invoice: toCents(invoice.amount),
          invoiceVat: toCents(invoice.vat_amount),
          // `0 -`, not unary minus: a free order's ledger line of 0 must compare equal to 0, not -0.
          ledger: 0 - toCents(txn.amount),
          order: toCents(placed.amount),
          currency: placed.currency,
        }).toEqual({
          charged: total,
          debit: total,
          invoice: total,
          invoiceVat: quote.price.vat_cents,
          ledger: total,
          order: total,
          currency: generated.catalog.currency,
        });
      }),
      { numRuns: 150 },
    );
  });
});
