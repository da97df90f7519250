import { setupRefSpace } from '@refapi/server/vitest';
import { describe, expect, inject, it } from 'vitest';
import { buyServers } from './buy';

/**
 * The tests of one worker file: its own space on the shared server (opened before its
 * tests, reset after each, deleted at the end) while the other files, in other processes,
 * buy in theirs at the same time. Worker `n` buys `n + 1` servers.
 */
export function workerSuite(n: number): void {
  const ref = setupRefSpace({
    url: inject('refServerUrl'),
    adminToken: inject('refAdminToken'),
    name: `worker-${n}`,
  });
  const count = n + 1;

  describe(`worker ${n}`, () => {
    it(`buys ${count} servers and sees only its own orders`, async () => {
      const before = (await ref.state()).accounts[0]?.services.length ?? 0;
      const refs = await buyServers({ baseUrl: ref.baseUrl, apiKey: ref.apiKey }, count, `w${n}`);
      expect(new Set(refs).size).toBe(count);
      expect(await ref.requests({ operationId: 'createOrder', status: 200 })).toHaveLength(count);
      expect((await ref.state()).accounts[0]?.services.length).toBe(before + count);
    });

    it('starts the next test from the scenario again, with its own queued failure', async () => {
      expect(await ref.requests()).toEqual([]);
      await ref.failNext('createOrder', 503, { retryAfter: 0 });
      const [serviceRef] = await buyServers(
        { baseUrl: ref.baseUrl, apiKey: ref.apiKey },
        1,
        'retry',
      );
      expect(serviceRef).toMatch(/^REF-SVC-/);
      const order = await ref.expectOneRequest({ operationId: 'createOrder', status: 200 });
      expect(order.space_id).toBe(ref.spaceId);
      expect(await ref.requests({ injected: true })).toHaveLength(1);
    });
  });
}
