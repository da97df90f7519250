import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { scenario, setupRefServer } from './vitest';

// The test kit as users write it: one call at the top of the file, hooks registered for them.
const ref = setupRefServer({
  scenario: scenario()
    .now('2026-03-01T12:00:00Z')
    .plan()
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

const buy = (key: string) =>
  api('/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
  });

describe('setupRefServer', () => {
  it('serves the scenario at the base URL with its first key', async () => {
    expect(ref.baseUrl).toBe('https://api.ref.test/v1');
    expect(ref.keys).toEqual({ 'REF-ACCT-1': [ref.apiKey] });
    const balance = await (await api('/balance')).json();
    expect(balance).toMatchObject({ amount: 50, currency: 'EUR' });
  });

  it('lets a test change the state (1/2)', async () => {
    expect((await buy('order-1')).status).toBe(200);
    expect((await (await api('/balance')).json()).amount).toBe(45);
    ref.server.use(http.get(`${ref.baseUrl}/me`, () => HttpResponse.json({ overridden: true })));
    expect(await (await api('/me')).json()).toEqual({ overridden: true });
  });

  it('resets state, handlers and journal after each test (2/2)', async () => {
    expect(ref.requests()).toEqual([]);
    expect((await (await api('/balance')).json()).amount).toBe(50);
    expect(await (await api('/me')).json()).toMatchObject({ account_ref: 'REF-ACCT-1' });
  });

  it('journals requests with their operation, filterable', async () => {
    await buy('order-2');
    await buy('order-2');
    await api('/services');
    await api('/nowhere');
    expect(ref.requests().map((r) => [r.method, r.path, r.status, r.operationId])).toEqual([
      ['POST', '/v1/orders', 200, 'createOrder'],
      ['POST', '/v1/orders', 200, 'createOrder'],
      ['GET', '/v1/services', 200, 'listServices'],
      ['GET', '/v1/nowhere', 404, undefined],
    ]);
    expect(ref.requests({ operationId: 'createOrder' })).toHaveLength(2);
    expect(ref.requests({ method: 'get', path: '/services' })).toHaveLength(1);
    expect(ref.requests({ path: /^\/v1\/no/, status: 404 })).toHaveLength(1);
    expect(ref.requests({ accountRef: 'REF-ACCT-1' })).toHaveLength(4);
    // Same key, same body: replayed, so the state holds exactly one new service.
    expect(ref.state().accounts[0]?.services).toHaveLength(2);
  });

  it('failNext answers one request of the operation, in order, then the server again', async () => {
    ref.failNext('createOrder', 429, { retryAfter: 3 });
    ref.failNext('createOrder', 503, { error: 'maintenance' });
    const first = await buy('order-3');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect(first.headers.get('ratelimit-limit')).toBe('120');
    expect(first.headers.get('ratelimit-remaining')).toBe('0');
    expect(first.headers.get('ratelimit-reset')).toBe('3');
    expect(await first.json()).toEqual({ error: 'rate_limit_exceeded' });
    const second = await buy('order-3');
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBeNull();
    expect(await second.json()).toEqual({ error: 'maintenance' });
    expect((await buy('order-3')).status).toBe(200);
    // Other operations were never affected.
    expect((await api('/balance')).status).toBe(200);
    expect(ref.requests().map((r) => [r.operationId, r.status, r.injected])).toEqual([
      ['createOrder', 429, true],
      ['createOrder', 503, true],
      ['createOrder', 200, false],
      ['getBalance', 200, false],
    ]);
    expect(ref.requests({ operationId: 'createOrder' })[0]?.account_ref).toBe('REF-ACCT-1');
    expect(ref.requests({ operationId: 'createOrder', injected: false })).toHaveLength(1);
  });

  it("failNext's 429 carries Retry-After without a retryAfter, as the spec's 429 always does", async () => {
    ref.failNext('createOrder', 429);
    const refused = await buy('order-429');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(refused.headers.get('retry-after')).toBe(refused.headers.get('ratelimit-reset'));
  });

  it('finds exactly one request by operation and body, with the whole exchange', async () => {
    await buy('order-4');
    await api('/services?limit=1');
    const order = ref.expectOneRequest({
      operationId: 'createOrder',
      body: { plan_code: 'kvm-s' },
      idempotencyKey: 'order-4',
    });
    expect(order).toMatchObject({
      method: 'POST',
      path: '/v1/orders',
      status: 200,
      replayed: false,
      request: { headers: { authorization: '[redacted]' } },
    });
    expect(order.id).toMatch(/^req_[A-Za-z0-9]{24}$/);
    expect(ref.expectOneRequest({ query: { limit: '1' } }).operationId).toBe('listServices');
    expect(ref.requests({ body: { plan_code: 'kvm-m' } })).toEqual([]);
  });

  it('expectOneRequest lists the journal when none or several match', async () => {
    await buy('order-5');
    await buy('order-5');
    expect(() => ref.expectOneRequest({ operationId: 'createOrder' })).toThrow(
      /expected exactly one request matching \{"operationId":"createOrder"\}, found 2\.\nJournal \(oldest first\):\n {2}POST \/v1\/orders → 200 \(createOrder\) \{"type":"kvm","plan_code":"kvm-s"\}/,
    );
    expect(ref.requests({ operationId: 'createOrder', replayed: true })).toHaveLength(1);
    expect(() => ref.expectOneRequest({ operationId: 'getBalance' })).toThrow(/found 0/);
  });

  it('failNext journals its answers with a request id, headers and body', async () => {
    ref.failNext('createOrder', 503);
    const res = await buy('order-6');
    const entry = ref.expectOneRequest({ operationId: 'createOrder', injected: true });
    expect(entry).toMatchObject({
      id: res.headers.get('request-id'),
      fault: 'failNext',
      idempotency_key: 'order-6',
      request: { body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }) },
      response: { body: '{"error":"service_unavailable"}' },
    });
  });

  it('failNext answers only a request that passes authentication and authorization', async () => {
    ref.failNext('getBalance', 503);
    // No key and a wrong key get their own 401, and leave the queued failure alone.
    expect((await fetch(`${ref.baseUrl}/balance`)).status).toBe(401);
    expect((await api('/balance', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    const failed = await api('/balance');
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ error: 'service_unavailable' });
    expect((await api('/balance')).status).toBe(200);
    expect(ref.requests().map((r) => [r.status, r.injected])).toEqual([
      [401, false],
      [401, false],
      [503, true],
      [200, false],
    ]);
  });

  it('failNext matches the operation exactly: /services/stats is not getService', async () => {
    ref.failNext('getService', 404);
    expect((await api('/services/stats')).status).toBe(200);
    expect((await api('/services/REF-SVC-1')).status).toBe(404);
    expect((await api('/services/REF-SVC-1')).status).toBe(200);
  });

  it('failNext rejects unknown operations and impossible statuses where they are written', () => {
    // @ts-expect-error not an operationId of the contract
    expect(() => ref.failNext('buyServer', 500)).toThrow(/unknown operationId "buyServer"/);
    expect(() => ref.failNext('createOrder', 200)).toThrow(RangeError);
    expect(() => ref.failNext('createOrder', 429, { retryAfter: -1 })).toThrow(/retryAfter/);
  });

  it('failNext rejects an error code POST /__admin/fail-next would refuse, where it is written', async () => {
    // The body is `{error: string}` (account-api.md): an object, an empty code or one with
    // control characters had gone out as the answer's `error`.
    for (const error of [{ code: 'x' }, '', 'two\r\nlines', 'x'.repeat(201)]) {
      expect(() => ref.failNext('getAccount', 503, { error: error as string })).toThrow(
        /^failNext: error must be/,
      );
    }
    expect((await api('/me')).status).toBe(200);
  });

  it('moves the clock, pauses Shield and injects provider faults', async () => {
    const service = '/services/REF-SVC-1';
    ref.clock.freeze();
    ref.clock.set('2026-03-01T13:00:00Z');
    expect(await ref.clock.advance(90)).toEqual({
      now: '2026-03-01T13:01:30.000Z',
      frozen: true,
      applied: [],
    });
    expect((await (await api('/balance')).json()).as_of).toBe('2026-03-01T13:01:30.000Z');
    ref.shield.pause(7);
    const paused = await api(`${service}/shield`);
    expect([paused.status, paused.headers.get('retry-after')]).toEqual([503, '7']);
    ref.shield.unpause();
    expect((await api(`${service}/shield`)).status).toBe(200);

    ref.faults.power('reject');
    const power = await api(`${service}/power`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'power-1' },
      body: JSON.stringify({ action: 'reboot' }),
    });
    expect(power.status).toBe(502);
  });
});
