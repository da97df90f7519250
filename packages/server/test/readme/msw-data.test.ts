import { collectionsFromState, scenarioFromCollections } from '@refapi/server/msw-data';
import { scenario, setupRefServer } from '@refapi/server/vitest';
import { expect, it } from 'vitest';

// The fixtures as @msw/data collections: from a scenario, a server's state() or the
// GET /__admin/state document.
const base = scenario()
  .plan()
  .account({ currency: 'EUR', balance: 50 })
  .withKvm()
  .key(['*'])
  .build();
const db = await collectionsFromState(base);

// Changed with the API your suite already knows, then served by the reference server.
await db.services.update((q) => q.where({ type: 'kvm' }), {
  data(service) {
    service.name = 'web-1';
    service.auto_renew = false;
  },
});
const ref = setupRefServer({ scenario: scenarioFromCollections(db, base) });

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${ref.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${ref.apiKey}`, ...init.headers },
  });

it('serves the fixtures', async () => {
  const { services } = await (await api('/services')).json();
  expect(services[0]).toMatchObject({ name: 'web-1', auto_renew: false });
});

it("queries a test's state with findFirst and findMany", async () => {
  await api('/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'order-1' },
    body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
  });
  const now = await collectionsFromState(ref.state());
  const account = now.accounts.findFirst((q) => q.where({ account_currency: 'EUR' }));
  expect(account?.balance).toBeLessThan(50);
  expect(now.services.findMany((q) => q.where({ type: 'kvm' }))).toHaveLength(2);
  expect(now.orders.findFirst((q) => q.where({ status: 'completed' }))).toBeDefined();
});
