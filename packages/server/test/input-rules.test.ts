// Hardening of request input (issue #12): a body must be declared JSON, integer query
// values are plain digits and appear once, free-text fields carry no control characters.
import { describe, expect, it } from 'vitest';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, SVC } from './api-scenario';

const ORDER = JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' });

describe.each(TRANSPORTS)('input rules over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });
  const orderCount = async () =>
    (await api.call('GET', '/orders', { key: KEY.full })).body.orders.length as number;

  describe('Content-Type', () => {
    it.each([
      'text/plain',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/merge-patch+json',
    ])('refuses a body sent as %s with 400, buying nothing', async (type) => {
      const before = await orderCount();
      const res = await api.call('POST', '/orders', {
        key: KEY.full,
        idempotencyKey: `ct-${type.length}`,
        rawBody: ORDER,
        headers: { 'content-type': type },
      });
      expect([res.status, res.body]).toEqual([400, { error: 'invalid_content_type' }]);
      expect(await orderCount()).toBe(before);
    });

    it('refuses a body without any Content-Type', async () => {
      const before = await orderCount();
      // A byte body makes fetch send no Content-Type at all (a string would be text/plain).
      const res = await fetch(`${api.base}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY.full}`, 'idempotency-key': 'ct-none' },
        body: new TextEncoder().encode(ORDER),
      });
      expect(res.headers.get('content-type')).toBe('application/json');
      expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_content_type' }]);
      expect(await orderCount()).toBe(before);
    });

    it('takes application/json with parameters, and needs none for a request without a body', async () => {
      const res = await api.call('POST', '/orders', {
        key: KEY.full,
        idempotencyKey: 'ct-charset',
        rawBody: ORDER,
        headers: { 'content-type': 'Application/JSON; charset=utf-8' },
      });
      expect(res.status).toBe(200);
      const renew = await fetch(`${api.base}/services/${SVC.kvm}/auto-renew`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${KEY.full}` },
      });
      // No body and no Content-Type: judged by the body schema, not the media type.
      expect([renew.status, await renew.json()]).toEqual([400, { error: 'invalid_body' }]);
    });

    it('applies to the admin API too', async () => {
      const res = await fetch(`${api.origin}/__admin/clock`, {
        method: 'POST',
        headers: { authorization: 'Bearer test-admin-token', 'content-type': 'text/plain' },
        body: JSON.stringify({ advance_seconds: 60 }),
      });
      expect([res.status, await res.json()]).toEqual([400, { error: 'invalid_content_type' }]);
      const clock = await api.admin('POST', '/clock', {});
      expect(clock.body.now).toBe('2026-01-01T00:00:00.000Z');
    });
  });

  describe('integer query values', () => {
    it.each(['0x10', '1e1', '+5', '%205', '5%20', '1.0', '-1', '', '9'.repeat(20)])(
      'refuses limit=%s with invalid_query: limit',
      async (value) => {
        const res = await api.call('GET', `/invoices?limit=${value}`, { key: KEY.full });
        expect([res.status, res.body]).toEqual([400, { error: 'invalid_query: limit' }]);
      },
    );

    it('refuses a repeated known parameter, and ignores repeated unknown ones', async () => {
      const twice = await api.call('GET', '/invoices?limit=5&limit=6', { key: KEY.full });
      expect([twice.status, twice.body]).toEqual([400, { error: 'invalid_query: limit' }]);
      const plans = await api.call('GET', '/plans?type=kvm&type=kvm', { key: KEY.full });
      expect([plans.status, plans.body]).toEqual([400, { error: 'invalid_query: type' }]);
      const unknown = await api.call('GET', '/invoices?limit=5&x=1&x=2', { key: KEY.full });
      expect([unknown.status, unknown.body.pagination.limit]).toEqual([200, 5]);
    });

    it('takes plain digits, leading zeros included', async () => {
      const res = await api.call('GET', '/invoices?limit=007', { key: KEY.full });
      expect([res.status, res.body.pagination.limit]).toEqual([200, 7]);
    });
  });

  describe('free text in order fields', () => {
    it.each([
      ['plan_code', { plan_code: 'kvm-s\u0000' }],
      ['os_name', { os_name: 'debian\u001b[2J' }],
      ['os_name', { os_name: 'debian\u0085' }],
      ['quote_version', { quote_version: 'v1\u202E' }],
      ['quote_version', { quote_version: 'v1\uD800' }],
    ])('refuses control characters in %s, buying nothing', async (field, patch) => {
      const before = await orderCount();
      const res = await api.call('POST', '/orders', {
        key: KEY.full,
        idempotencyKey: `ft-${field}-${JSON.stringify(patch).length}`,
        body: { type: 'kvm', plan_code: 'kvm-s', ...patch },
      });
      expect([res.status, res.body]).toEqual([400, { error: `invalid_body: ${field}` }]);
      expect(await orderCount()).toBe(before);
    });
  });
});
