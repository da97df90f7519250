import { createReferenceServer } from '@refapi/server';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RefClient } from '../src/index';
import { DEMO } from './helpers/reference';

// The same server through msw's interception of the global fetch: how SDK users test.
const reference = createReferenceServer();
const msw = setupServer(...reference.handlers);
beforeAll(async () => {
  await reference.ready;
  msw.listen({ onUnhandledFrame: 'error' });
});
afterAll(() => msw.close());

it('works against msw handlers with the global fetch', async () => {
  const client = new RefClient({ apiKey: DEMO.eurKey, baseUrl: reference.baseUrl });
  const account = await client.account.get();
  expect(account.account_ref).toBe('REF-ACCT-1');
  let invoices = 0;
  for await (const _ of client.invoices.list({ limit: 7 })) invoices++;
  expect(invoices).toBeGreaterThan(7);
  const order = await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' });
  const { service } = await client.services.get(order.service_ref);
  expect(service.type).toBe('kvm');
});
