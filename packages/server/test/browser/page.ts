// The page of the browser test: the reference server in the tab, behind msw's service
// worker, called with plain fetch. The outcome goes to window.__refResult for the test.
import { scenario, setupRefWorker } from '../../src/testing/browser';

const ref = setupRefWorker({
  scenario: scenario()
    .now('2026-01-01T00:00:00Z', { frozen: true })
    .plan()
    .account({ currency: 'EUR', balance: 50 })
    .withKvm({ ip: '203.0.113.9' })
    .withShield('active')
    .key(),
});

async function call(method: string, path: string, body?: unknown, idempotencyKey?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${ref.apiKey}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  const response = await fetch(`${ref.baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

async function run() {
  await ref.start();
  const me = await call('GET', '/me');
  const order = await call('POST', '/orders', { type: 'kvm', plan_code: 'kvm-s' }, 'browser-1');
  const rule = await call(
    'POST',
    '/services/REF-SVC-1/shield/rules',
    {
      name: 'drop dns',
      mode: 'enforce',
      action: 'drop',
      risk: 'low',
      protocol: 'udp',
      destination_port: 53,
    },
    'browser-rule-1',
  );
  ref.clock.advance(10);
  const rules = await call('GET', '/services/REF-SVC-1/shield/rules');
  ref.failNext('getBalance', 429, { retryAfter: 1 });
  const limited = await call('GET', '/balance');
  const balance = await call('GET', '/balance');
  return {
    me: [me.status, me.body.account_ref],
    order: [order.status, order.body.balance],
    rule: [rule.status, rule.body.rule.state],
    active: rules.body.rules.find((r: { id: string }) => r.id === rule.body.rule.id)?.state,
    limited: [limited.status, limited.body.error],
    balance: [balance.status, balance.body.amount],
    journal: ref.requests().map((r) => `${r.method} ${r.operationId} ${r.status}`),
    controlled: navigator.serviceWorker.controller !== null,
  };
}

const target = window as unknown as { __refResult?: unknown };
run().then(
  (result) => {
    target.__refResult = { ok: true, result };
  },
  (error: unknown) => {
    target.__refResult = { ok: false, error: String((error as Error)?.stack ?? error) };
  },
);
