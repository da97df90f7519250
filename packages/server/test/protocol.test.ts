import { describe, expect, it } from 'vitest';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY } from './api-scenario';

describe.each(TRANSPORTS)('HTTP protocol rules over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });

  it('answers unknown paths 404 and wrong methods 405 with Allow', async () => {
    for (const path of ['/nope', '/me/', '/services/REF-SVC-A1/unknown', '']) {
      const res = await api.call('GET', path, { key: KEY.full });
      expect([res.status, res.body], path).toEqual([404, { error: 'not_found' }]);
    }
    const res = await api.call('DELETE', '/orders', { key: KEY.full });
    expect([res.status, res.body, res.headers.get('allow')]).toEqual([
      405,
      { error: 'method_not_allowed' },
      'GET, HEAD, POST',
    ]);
  });

  it('answers HEAD as GET without the content, its Content-Length that of the GET', async () => {
    for (const path of ['/me', '/services?limit=2', '/services/REF-SVC-A1']) {
      const get = await api.call('GET', path, { key: KEY.full });
      const head = await api.call('HEAD', path, { key: KEY.full });
      expect([head.status, head.text], path).toEqual([200, '']);
      expect(head.headers.get('content-length'), path).toBe(String(Buffer.byteLength(get.text)));
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      expect(head.headers.get('ratelimit-limit'), path).toBe(get.headers.get('ratelimit-limit'));
    }
    // Its errors are GET's too, without their content.
    const cases = [
      ['/me', undefined, 401],
      ['/nope', KEY.full, 404],
      ['/services/REF-SVC-A1/power', KEY.full, 405],
    ] as const;
    for (const [path, key, status] of cases) {
      const head = await api.call('HEAD', path, key === undefined ? {} : { key });
      expect([head.status, head.text], path).toEqual([status, '']);
      expect(Number(head.headers.get('content-length')), path).toBeGreaterThan(0);
    }
    const post = await api.call('HEAD', '/services/REF-SVC-A1/power', { key: KEY.full });
    expect(post.headers.get('allow')).toBe('POST');
    // The journal names the method sent and the operation that answered it, with no content.
    const journal = await api.admin('GET', '/requests?limit=1');
    expect(journal.body.requests[0]).toMatchObject({
      method: 'HEAD',
      operation: null,
      status: 405,
      response: { body: null },
    });
    await api.call('HEAD', '/me', { key: KEY.full });
    const me = await api.admin('GET', '/requests?limit=1');
    expect(me.body.requests[0]).toMatchObject({
      method: 'HEAD',
      operation: 'getAccount',
      status: 200,
    });
  });

  it('answers bodies over 64 KiB with 413 and malformed JSON with 400', async () => {
    const big = await api.call('POST', '/orders', {
      key: KEY.full,
      idempotencyKey: 'big',
      rawBody: JSON.stringify({
        type: 'kvm',
        plan_code: 'kvm-s',
        quote_version: 'x'.repeat(70_000),
      }),
    });
    expect([big.status, big.body]).toEqual([413, { error: 'body_too_large' }]);
    const bad = await api.call('PUT', '/services/REF-SVC-A1/auto-renew', {
      key: KEY.full,
      rawBody: '{enabled:',
    });
    expect([bad.status, bad.body]).toEqual([400, { error: 'invalid_json' }]);
  });

  it('keeps the admin token and customer keys apart', async () => {
    const adminOnApi = await api.call('GET', '/me', { key: 'test-admin-token' });
    expect([adminOnApi.status, adminOnApi.body]).toEqual([401, { error: 'invalid_api_key' }]);
    const keyOnAdmin = await fetch(`${api.origin}/__admin/state`, {
      headers: { authorization: `Bearer ${KEY.full}` },
    });
    expect([keyOnAdmin.status, await keyOnAdmin.json()]).toEqual([
      401,
      { error: 'invalid_admin_token' },
    ]);
  });

  it('puts the RateLimit headers on every API response, errors included', async () => {
    const replies = await Promise.all([
      api.call('GET', '/me', { key: KEY.full }),
      api.call('GET', '/me'),
      api.call('GET', '/me', { key: KEY.catalogOnly }),
      api.call('GET', '/nowhere', { key: KEY.full }),
      api.call('POST', '/me', { key: KEY.full }),
      api.call('GET', '/invoices?limit=0', { key: KEY.full }),
      api.call('POST', '/orders', { key: KEY.full, body: { type: 'kvm', plan_code: 'kvm-s' } }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 401, 403, 404, 405, 400, 428]);
    for (const reply of replies) {
      for (const header of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) {
        expect(reply.headers.get(header), `${reply.status} ${header}`).toMatch(/^\d+$/);
      }
      if (reply.status >= 400) expect(Object.keys(reply.body)).toEqual(['error']);
    }
  });
});
