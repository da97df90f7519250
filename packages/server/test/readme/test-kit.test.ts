import { scenario, setupRefServer } from '@refapi/server/testing';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';

const ref = setupRefServer({
  scenario: scenario()
    .plan() // kvm-s at 5.00 EUR
    .account({ currency: 'EUR', balance: 50 })
    .withKvm({ ip: '203.0.113.9' })
    .withShield('active')
    .key(['*']),
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${ref.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${ref.apiKey}`, ...init.headers },
  });

const buy = (idempotencyKey: string) =>
  api('/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
  });

it('buys exactly once per idempotency key', async () => {
  await buy('order-1');
  await buy('order-1'); // replayed
  expect(ref.requests({ operationId: 'createOrder' })).toHaveLength(2);
  ref.expectOneRequest({ operationId: 'createOrder', replayed: true }); // one line, or a listing
  expect(ref.state().accounts[0]?.services).toHaveLength(2); // the KVM plus one new server
});

it('starts every test from the scenario again', async () => {
  expect((await (await api('/balance')).json()).amount).toBe(50);
});

it('injects one error for retry tests', async () => {
  ref.failNext('createOrder', 429, { retryAfter: 1 });
  expect((await buy('order-2')).status).toBe(429);
  expect((await buy('order-2')).status).toBe(200);
});

it('moves the server clock: Shield rules go active after 10 s', async () => {
  const created = await api('/services/REF-SVC-1/shield/rules', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'rule-1' },
    body: JSON.stringify({
      name: 'drop dns',
      mode: 'enforce',
      action: 'drop',
      risk: 'low',
      protocol: 'udp',
      destination_port: 53,
    }),
  });
  const { rule } = await created.json();
  ref.clock.advance(10);
  const { rules } = await (await api('/services/REF-SVC-1/shield/rules')).json();
  expect(rules.find((r: { id: string }) => r.id === rule.id).state).toBe('active');
});

it('still takes msw overrides for one test', async () => {
  ref.server.use(
    http.get(`${ref.baseUrl}/me`, () => HttpResponse.json({ error: 'x' }, { status: 500 })),
  );
  expect((await api('/me')).status).toBe(500);
});
