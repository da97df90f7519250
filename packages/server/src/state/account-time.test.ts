import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReferenceServer, demoScenario } from '../index';

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
