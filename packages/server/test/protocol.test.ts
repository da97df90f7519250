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
      'GET, POST',
    ]);
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
