import { setupRefSpace } from '@refapi/server/vitest';
import { describe, expect, inject, it } from 'vitest';
import { buyServers } from './buy';

// This file's own space on the shared server: opened before its tests, reset after each,
// deleted at the end. The other files, in other processes, buy in theirs at the same time.
const ref = setupRefSpace({
  url: inject('refServerUrl'),
  adminToken: inject('refAdminToken'),
  name: 'worker-2',
});

describe('worker 2', () => {
  it('buys 3 servers and sees only its own orders', async () => {
    const before = (await ref.state()).accounts[0]?.services.length ?? 0;
    const refs = await buyServers({ baseUrl: ref.baseUrl, apiKey: ref.apiKey }, 3, 'w2');
    expect(new Set(refs).size).toBe(3);
    expect(await ref.requests({ operationId: 'createOrder', status: 200 })).toHaveLength(3);
    expect((await ref.state()).accounts[0]?.services.length).toBe(before + 3);
  });

  it('starts the next test from the scenario again, with its own faults', async () => {
    expect(await ref.requests()).toEqual([]);
    await ref.failNext('createOrder', 503, { retryAfter: 0 });
    const [serviceRef] = await buyServers({ baseUrl: ref.baseUrl, apiKey: ref.apiKey }, 1, 'retry');
    expect(serviceRef).toMatch(/^REF-SVC-/);
    const order = await ref.expectOneRequest({ operationId: 'createOrder', status: 200 });
    expect(order.space_id).toBe(ref.spaceId);
    expect(await ref.requests({ injected: true })).toHaveLength(1);
  });
});
