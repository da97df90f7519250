import { describe, expect, it } from 'vitest';
import { createReferenceServer, type RequestEntry } from '../src/index';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, SVC, T0 } from './api-scenario';

const REQUEST_ID = /^req_[A-Za-z0-9]{24}$/;
const order = { type: 'kvm', plan_code: 'kvm-s' };

describe.each(TRANSPORTS)('request ids and the request journal over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });
  const journal = async (query = '') => {
    const res = await api.admin('GET', `/requests${query}`);
    expect(res.status).toBe(200);
    return res.body.requests as RequestEntry[];
  };
  const reset = () => api.server.admin.loadScenario(apiScenario());

  it('sends a unique Request-Id on every kind of response and journals API ones under it', async () => {
    await reset();
    api.server.admin.shield.pause(7);
    const replies = [
      await api.call('GET', '/me', { key: KEY.full }),
      await api.call('GET', '/me'),
      await api.call('GET', '/nowhere', { key: KEY.full }),
      await api.call('DELETE', '/me', { key: KEY.full }),
      await api.call('POST', '/orders', { key: KEY.full, rawBody: 'x'.repeat(70_000) }),
      await api.call('GET', `/services/${SVC.kvm}/shield`, { key: KEY.full }),
      await api.admin('GET', '/state'),
      await api.admin('GET', '/nope'),
    ];
    api.server.admin.shield.unpause();
    expect(replies.map((r) => r.status)).toEqual([200, 401, 404, 405, 413, 503, 200, 404]);
    const ids = replies.map((r) => r.headers.get('request-id'));
    for (const id of ids) expect(id).toMatch(REQUEST_ID);
    expect(new Set(ids).size).toBe(ids.length);
    const anonymous = await fetch(`${api.origin}/__admin/state`);
    expect([anonymous.status, anonymous.headers.get('request-id')]).toEqual([
      401,
      expect.stringMatching(REQUEST_ID),
    ]);
    const outside = await fetch(`${api.origin}/elsewhere`);
    expect([outside.status, outside.headers.get('request-id')]).toEqual([
      404,
      expect.stringMatching(REQUEST_ID),
    ]);
    // Only the API is journalled (not /__admin, not other paths): newest first, under their ids.
    expect((await journal()).map((e) => e.id)).toEqual(ids.slice(0, 6).reverse());
  });

  it('sends a Request-Id on 429s', async () => {
    await reset();
    // Without a key, counted under the address's read limit (600), as the reference spec says.
    const replies = await Promise.all(
      Array.from({ length: 601 }, () => api.call('POST', '/orders', { body: order })),
    );
    const limited = replies.filter((r) => r.status === 429);
    expect(limited).toHaveLength(1);
    expect(limited[0]?.headers.get('request-id')).toMatch(REQUEST_ID);
    expect((await journal('?status=429'))[0]?.id).toBe(limited[0]?.headers.get('request-id'));
  });

  it('keeps each request whole: operation, query, redacted headers, bodies, replay', async () => {
    await reset();
    const first = await api.call('POST', '/orders', {
      key: KEY.full,
      body: order,
      idempotencyKey: 'order-1',
      headers: { 'x-api-key': 'refak_api_a_full', 'x-trace': 'kept' },
    });
    const replay = await api.call('POST', '/orders', {
      key: KEY.full,
      body: order,
      idempotencyKey: 'order-1',
    });
    await api.call('GET', '/services?limit=2', { key: KEY.foreign });
    const [list, second, entry] = await journal();
    expect(entry).toMatchObject({
      id: first.headers.get('request-id'),
      time: T0,
      operation: 'createOrder',
      method: 'POST',
      path: '/v1/orders',
      query: '',
      status: 200,
      account_ref: 'REF-ACCT-A',
      idempotency_key: 'order-1',
      replayed: false,
      fault: null,
      request: {
        headers: {
          authorization: '[redacted]',
          'x-api-key': '[redacted]',
          // The spec's rule ("key" in the name); the entry's idempotency_key holds it.
          'idempotency-key': '[redacted]',
          'x-trace': 'kept',
          'content-type': 'application/json',
        },
        body: JSON.stringify(order),
        body_truncated: false,
      },
      response: {
        headers: {
          'content-type': 'application/json',
          'ratelimit-limit': '120',
          'request-id': first.headers.get('request-id'),
        },
        body: first.text,
        body_truncated: false,
      },
    });
    expect(entry?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(second).toMatchObject({ id: replay.headers.get('request-id'), replayed: true });
    expect(list).toMatchObject({
      operation: 'listServices',
      query: 'limit=2',
      request: { body: null },
    });
    expect(JSON.stringify(await journal())).not.toContain('refak_');
  });

  it('redacts every credential header and query parameter of the spec', async () => {
    await reset();
    const sent = await api.call('GET', '/services?limit=2&api_key=hunter2-q&Session=hunter2-s', {
      key: KEY.full,
      headers: {
        'proxy-authorization': 'Basic hunter2-p',
        'x-auth': 'hunter2-a',
        'x-password': 'hunter2-w',
        cookie2: 'hunter2-c',
        'x-trace': 'kept',
      },
    });
    expect(sent.status).toBe(200);
    const [entry] = await journal();
    expect(entry).toMatchObject({
      query: 'limit=2&api_key=%5Bredacted%5D&Session=%5Bredacted%5D',
      request: {
        headers: {
          authorization: '[redacted]',
          'proxy-authorization': '[redacted]',
          'x-auth': '[redacted]',
          'x-password': '[redacted]',
          cookie2: '[redacted]',
          'x-trace': 'kept',
        },
      },
    });
    expect((await api.admin('GET', '/requests')).text).not.toContain('hunter2');
  });

  it('redacts an Idempotency-Key that is a credential: the bearer token, any API key, the admin token', async () => {
    await reset();
    const power = (key: string | undefined, idempotencyKey: string) =>
      api.call('POST', `/services/${SVC.kvm}/power`, {
        ...(key === undefined ? {} : { key }),
        body: { action: 'reboot' },
        idempotencyKey,
      });
    await power(KEY.full, KEY.full);
    await power(KEY.full, KEY.foreign);
    await power(undefined, 'test-admin-token');
    await power('not-a-key', 'not-a-key');
    await power(KEY.full, 'reboot-1');
    expect((await journal()).map((e) => e.idempotency_key)).toEqual([
      'reboot-1',
      '[redacted]',
      '[redacted]',
      '[redacted]',
      '[redacted]',
    ]);
    const listed = (await api.admin('GET', '/requests')).text;
    expect(listed).not.toContain('refak_');
    expect(listed).not.toContain('test-admin-token');
  });

  it('keeps the first 16 KiB of a body and says it cut it', async () => {
    await reset();
    const text = `{"type":"${'é'.repeat(10_000)}"}`;
    await api.call('POST', '/orders', { key: KEY.full, rawBody: text, idempotencyKey: 'big' });
    const [entry] = await journal();
    expect(entry?.request.body_truncated).toBe(true);
    const kept = entry?.request.body ?? '';
    expect(new TextEncoder().encode(kept).length).toBeGreaterThan(16_380);
    expect(new TextEncoder().encode(kept).length).toBeLessThanOrEqual(16_384);
    expect(text.startsWith(kept)).toBe(true);
  });

  it('names the fault that shaped an answer', async () => {
    await reset();
    await api.admin('POST', '/faults', { power: 'reject' });
    await api.call('POST', `/services/${SVC.kvm}/power`, {
      key: KEY.full,
      body: { action: 'stop' },
      idempotencyKey: 'p-1',
    });
    await api.admin('POST', '/faults', { power: 'ok', latency_ms: 1 });
    await api.call('GET', '/me', { key: KEY.full });
    await api.admin('POST', '/faults', { latency_ms: 0 });
    await api.call('GET', '/me', { key: KEY.full });
    expect((await journal()).map((e) => [e.status, e.fault])).toEqual([
      [200, null],
      [200, 'latency'],
      [502, 'power:reject'],
    ]);
  });

  it('filters by operation, status, account and since, newest first, up to limit', async () => {
    await reset();
    await api.call('GET', '/me', { key: KEY.full });
    await api.call('GET', '/me', { key: KEY.foreign });
    await api.call('GET', '/balance', { key: KEY.full });
    await api.call('GET', '/me');
    const all = await journal();
    expect(all.map((e) => [e.operation, e.status, e.account_ref])).toEqual([
      ['getAccount', 401, null],
      ['getBalance', 200, 'REF-ACCT-A'],
      ['getAccount', 200, 'REF-ACCT-B'],
      ['getAccount', 200, 'REF-ACCT-A'],
    ]);
    const ids = all.map((e) => e.id);
    expect((await journal('?operation=getAccount')).map((e) => e.id)).toEqual([
      ids[0],
      ids[2],
      ids[3],
    ]);
    expect((await journal('?status=200&account_ref=REF-ACCT-A')).map((e) => e.id)).toEqual([
      ids[1],
      ids[3],
    ]);
    expect((await journal(`?since=${ids[2]}`)).map((e) => e.id)).toEqual([ids[0], ids[1]]);
    expect((await journal('?limit=1')).map((e) => e.id)).toEqual([ids[0]]);
    expect((await journal(`?since=${ids[0]}`)).map((e) => e.id)).toEqual([]);
  });

  it('refuses malformed filters with 400 invalid_query', async () => {
    for (const [query, name] of [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=1e2', 'limit'],
      ['status=abc', 'status'],
      ['operation=createOrdr', 'operation'],
      ['since=nope', 'since'],
      ['limit=1&limit=2', 'limit'],
    ]) {
      const res = await api.admin('GET', `/requests?${query}`);
      expect([query, res.status, res.body]).toEqual([
        query,
        400,
        { error: `invalid_query: ${name}` },
      ]);
    }
  });

  it('answers GET /__admin/health without a token, and nothing else', async () => {
    const res = await fetch(`${api.origin}/__admin/health`);
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok' }]);
    expect(res.headers.get('request-id')).toMatch(REQUEST_ID);
    const post = await fetch(`${api.origin}/__admin/health`, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
  });
});

describe('journal size', () => {
  it('keeps the last journalSize requests', async () => {
    const server = createReferenceServer({ scenario: apiScenario(), journalSize: 2 });
    for (const path of ['/me', '/balance', '/services']) {
      await server.fetch(`${server.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${KEY.full}` },
      });
    }
    expect(server.admin.requests().map((e) => e.path)).toEqual(['/v1/balance', '/v1/services']);
    expect(() => createReferenceServer({ journalSize: 0 })).toThrow(/journal size/);
  });
});
