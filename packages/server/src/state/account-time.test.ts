import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { controlSlices } from '../controls/registry';
import { MAX_EVENTS_PER_CLOCK_MOVE } from '../domain/account-time/move-bound';
import { DomainError } from '../domain/errors';
import { createReferenceServer, demoScenario } from '../index';
import { parseScenario } from '../scenario/validate';
import { createSpaceRuntime } from '../spaces/space-runtime';
import { scenario } from '../testing/scenario-builder';

describe('a long catch-up of the account clock', () => {
  afterEach(() => vi.useRealTimers());

  it('applies thousands of events while the test suite fakes timers (vi.useFakeTimers)', async () => {
    const scenario = structuredClone(demoScenario);
    const [eur] = scenario.accounts ?? [];
    if (eur === undefined) throw new Error('demo scenario changed');
    eur.generate = { services: 3000, invoices: 0, transactions: 0 };
    const server = createReferenceServer({ scenario });
    await server.ready;
    // The catch-up gives the event loop a turn every 1,024 events: with the global
    // setImmediate, which fake timers replace, it waited for the suite to advance them.
    vi.useFakeTimers();

    const response = await server.fetch(`${new URL(server.baseUrl).origin}/__admin/clock`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.adminToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ advance: 'P5Y' }),
    });
    const { applied } = (await response.json()) as { applied: unknown[] };
    expect(response.status).toBe(200);
    expect(applied.length).toBeGreaterThan(2 * 1024);
  }, 20_000);
});

// A move is bounded before it is made (`AccountTime.eventsBy`): what could fall due if every
// renewal were paid, counted from the records as the catch-up applies them.
describe('the bound of a clock move', () => {
  const DAY_MS = 86_400_000;
  const START = '2026-01-01T00:00:00.000Z';
  const state = (services: Array<{ type: string }>, balance: number, graceEndsAt?: string) => {
    const builder = scenario()
      .now(START, { frozen: true })
      .plan({
        name: 'KVM S',
        code: 'kvm-s',
        price_eur: 5,
        period_prices: { monthly: 5, yearly: 50 },
        periods: [
          { period_ref: 'REF-PERIOD-1', name: 'monthly', months: 1 },
          { period_ref: 'REF-PERIOD-2', name: 'yearly', months: 12 },
        ],
      })
      .account({ balance, vatRate: 0.19 })
      .withShield(
        graceEndsAt === undefined
          ? 'active'
          : { status: 'grace', grace_ends_at: graceEndsAt, mutations_blocked: false },
      )
      .key(['*']);
    for (const service of services) builder.withService(service);
    return builder.build();
  };
  const service = fc.record({
    offsetMs: fc.integer({ min: -40 * DAY_MS, max: 400 * DAY_MS }),
    status: fc.constantFrom('active', 'active', 'suspended'),
    autoRenew: fc.boolean(),
    yearly: fc.boolean(),
  });
  const runtime = async (document: unknown) => {
    const space = createSpaceRuntime({
      id: null,
      basePath: '/v1',
      journalSize: 10,
      controls: controlSlices,
      startMs: Date.parse(START),
      onError: (error) => {
        throw error;
      },
    });
    await space.control.initialize(parseScenario(document), undefined);
    return space;
  };

  it('never counts fewer events than the catch-up applies; with every renewal paid, at most one more a service', async () => {
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(service, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(0, 7, 60, 1_000_000),
        fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
        fc.array(fc.record({ months: fc.nat({ max: 30 }), days: fc.nat({ max: 40 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
        async (services, balance, graceDays, moves) => {
          const document = state(
            services.map((s, i) => ({
              service_ref: `REF-SVC-${(0x10 + i).toString(16).toUpperCase()}`,
              service_plan_name: 'KVM S',
              type: 'kvm',
              status: s.status,
              auto_renew: s.autoRenew,
              expires_at: new Date(Date.parse(START) + s.offsetMs).toISOString(),
              ...(s.yearly ? { last_period_unit: 'year', last_period_amount: 1 } : {}),
            })),
            balance,
            graceDays === undefined
              ? undefined
              : new Date(Date.parse(START) + graceDays * DAY_MS).toISOString(),
          );
          const { ctx, control } = await runtime(document);
          for (const move of moves) {
            control.admin.clock.advance(move);
            const bound = ctx.time.eventsBy(ctx.clock.nowMs(), Number.MAX_SAFE_INTEGER);
            const applied = await control.admin.clock.catchUp();
            const { length } = applied;
            for (const { kind } of applied) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
            expect(bound).toBeGreaterThanOrEqual(length);
            if (balance === 1_000_000) expect(bound - length).toBeLessThanOrEqual(services.length);
          }
        },
      ),
      { numRuns: 60 },
    );
    // Every kind of event was applied along the way: the property held of each.
    expect([...kinds.keys()].sort()).toEqual([
      'service_expiry',
      'service_renewal',
      'service_suspension',
      'shield_grace_end',
    ]);
  });

  it("lets the spec's 100,000 events through in one move and refuses one more, moving nothing", async () => {
    // 10,000 KVMs renewing monthly from 1 February: ten months are 100,000 renewals (the
    // clock bench's move); seven days more, a suspension at the last of them could expire.
    const services = Array.from({ length: 10_000 }, (_, i) => ({
      service_ref: `REF-SVC-${(0x1000 + i).toString(16).toUpperCase()}`,
      service_plan_name: 'KVM S',
      type: 'kvm',
      status: 'active',
      auto_renew: true,
      expires_at: '2026-02-01T00:00:00.000Z',
    }));
    const { ctx, control } = await runtime(state(services, 1_000_000));
    const { clock } = control.admin;
    expect(
      ctx.time.eventsBy(Date.parse('2026-11-01T00:00:00.000Z'), MAX_EVENTS_PER_CLOCK_MOVE),
    ).toBe(MAX_EVENTS_PER_CLOCK_MOVE);
    // Moved only: the catch-up would apply them at the next request.
    expect(clock.advance({ months: 10 }).now).toBe('2026-11-01T00:00:00.000Z');
    const refused = expect.objectContaining({
      status: 409,
      code: 'clock_limit_reached: the move could apply more than 100000 events; move the clock in smaller steps',
    });
    expect(() => clock.advance({ days: 7 })).toThrow(refused);
    expect(() => clock.set('2026-11-08T00:00:00.000Z')).toThrow(refused);
    expect(() => clock.advance({ days: 7 })).toThrow(DomainError);
    expect(clock.now().now).toBe('2026-11-01T00:00:00.000Z');
    expect(clock.advance({ days: 6 }).now).toBe('2026-11-07T00:00:00.000Z');
  });
});
