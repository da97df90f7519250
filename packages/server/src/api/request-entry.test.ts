import { describe, expect, it } from 'vitest';
import { entryChars } from '../request-journal';
import type { ApiRequest } from './api-request';
import { JournalledRequest, truncateBody } from './request-entry';
import { requestIdOf } from './request-id';

describe('truncateBody', () => {
  it('keeps bodies up to 16 KiB whole', () => {
    const body = 'a'.repeat(16_384);
    expect(truncateBody(body)).toEqual({ body, body_truncated: false });
  });

  it('cuts at 16 KiB on a character boundary', () => {
    const cut = truncateBody(`a${'€'.repeat(6000)}`);
    expect(cut.body_truncated).toBe(true);
    // 1 + 3n <= 16384 → 5461 euro signs.
    expect(cut.body).toBe(`a${'€'.repeat(5461)}`);
  });

  it('keeps a leading byte order mark when it cuts, as when it does not', () => {
    expect(truncateBody(`\uFEFF${'a'.repeat(20_000)}`).body).toBe(`\uFEFF${'a'.repeat(16_381)}`);
  });
});

describe('JournalledRequest', () => {
  it('marks the body of a request refused as too large as not kept, not as absent', () => {
    const request: ApiRequest = {
      method: 'POST',
      path: '/v1/orders',
      search: '',
      header: () => undefined,
      headers: () => ({ 'content-length': '2000000' }),
      body: undefined,
      bodyTooLarge: true,
      sourceAddress: '127.0.0.1',
    };
    const entry = new JournalledRequest(
      request,
      { status: 413, headers: {}, body: '{"error":"body_too_large"}' },
      { operation: 'createOrder', account_ref: null, receivedMs: 0, duration_ms: 1, fault: null },
    ).entry();
    expect(entry.request).toMatchObject({ body: '', body_truncated: true });
  });

  it('records the request under its id, with no body as null', () => {
    const request: ApiRequest = {
      method: 'GET',
      path: '/v1/me',
      search: 'a=1',
      header: (name) => (name === 'idempotency-key' ? 'k-1' : undefined),
      headers: () => ({ authorization: 'Bearer refak_x' }),
      body: undefined,
      bodyTooLarge: false,
      sourceAddress: '127.0.0.1',
    };
    const entry = new JournalledRequest(
      request,
      { status: 200, headers: { 'idempotent-replayed': 'true' }, body: '{}' },
      { operation: 'getAccount', account_ref: null, receivedMs: 0, duration_ms: 1, fault: null },
    ).entry();
    expect(entry).toMatchObject({
      id: requestIdOf(request),
      query: 'a=1',
      idempotency_key: 'k-1',
      replayed: true,
      request: { headers: { authorization: '[redacted]' }, body: null, body_truncated: false },
      response: { headers: { 'request-id': requestIdOf(request) }, body: '{}' },
    });
  });

  it("counts what it keeps for the journal's limit: bodies as cut, headers, path and query", () => {
    const request: ApiRequest = {
      method: 'POST',
      path: '/v1/orders',
      search: 'a=1',
      header: () => undefined,
      headers: () => ({ 'content-type': 'application/json' }),
      body: 'x'.repeat(100_000),
      bodyTooLarge: false,
      sourceAddress: '127.0.0.1',
    };
    const journalled = new JournalledRequest(
      request,
      { status: 400, headers: { 'content-type': 'application/json' }, body: '{"error":"x"}' },
      { operation: 'createOrder', account_ref: null, receivedMs: 0, duration_ms: 1, fault: null },
    );
    // The request body as kept (16 KiB), not as sent: what the built entry holds.
    const entry = journalled.entry();
    expect(entry.request.body).toHaveLength(16 * 1024);
    expect(journalled.chars).toBeGreaterThan(16 * 1024 + '{"error":"x"}'.length);
    // Its own response headers, not the `request-id` the built entry adds: within a header.
    expect(Math.abs(journalled.chars - entryChars(entry))).toBeLessThan(64);
  });

  it('redacts the credential headers and query parameters of the spec, keeping the rest', () => {
    const request: ApiRequest = {
      method: 'GET',
      path: '/v1/services',
      search: 'limit=2&api_key=refak_q&x%5Ftoken=t&cursor=c',
      header: () => undefined,
      headers: () => ({
        Authorization: 'Bearer refak_x',
        'proxy-authorization': 'Basic eA==',
        'x-auth': 'a',
        'x-password': 'p',
        cookie2: 'c',
        'x-session-id': 's',
        'idempotency-key': 'order-1',
        accept: 'application/json',
      }),
      body: undefined,
      bodyTooLarge: false,
      sourceAddress: '127.0.0.1',
    };
    const entry = new JournalledRequest(
      request,
      { status: 200, headers: { 'set-cookie': 'refapi_admin=x' }, body: '{}' },
      { operation: 'listServices', account_ref: null, receivedMs: 0, duration_ms: 1, fault: null },
    ).entry();
    expect(entry.query).toBe('limit=2&api_key=%5Bredacted%5D&x%5Ftoken=%5Bredacted%5D&cursor=c');
    expect(entry.request.headers).toEqual({
      authorization: '[redacted]',
      'proxy-authorization': '[redacted]',
      'x-auth': '[redacted]',
      'x-password': '[redacted]',
      cookie2: '[redacted]',
      'x-session-id': '[redacted]',
      // "key" in its name: the entry's `idempotency_key` holds it (see the test above).
      'idempotency-key': '[redacted]',
      accept: 'application/json',
    });
    expect(entry.response.headers['set-cookie']).toBe('[redacted]');
  });

  it('keeps the request and response as they were answered, built into an entry only when read', () => {
    const headers: Record<string, string> = { authorization: 'Bearer refak_x', accept: '*/*' };
    const request: ApiRequest = {
      method: 'POST',
      path: '/v1/orders',
      search: '',
      header: (name) => headers[name],
      headers: () => headers,
      body: '{"type":"kvm"}',
      bodyTooLarge: false,
      sourceAddress: '127.0.0.1',
    };
    const response = { status: 201, headers: { 'content-type': 'application/json' }, body: '{}' };
    const journalled = new JournalledRequest(
      request,
      response,
      { operation: 'createOrder', account_ref: 'A', receivedMs: 0, duration_ms: 1, fault: null },
      'sp_1',
    );
    // What the chain does afterwards (CORS, Content-Length), and a caller's object changed.
    Object.assign(response.headers, { 'content-length': '2', vary: 'Origin' });
    headers.authorization = 'Bearer refak_other';
    headers['x-late'] = 'late';
    const entry = journalled.entry();
    expect(journalled.entry()).toBe(entry);
    expect(entry).toMatchObject({
      space_id: 'sp_1',
      time: '1970-01-01T00:00:00.000Z',
      request: { headers: { authorization: '[redacted]', accept: '*/*' }, body: '{"type":"kvm"}' },
      response: { headers: { 'content-type': 'application/json' }, body: '{}' },
    });
    expect(Object.keys(entry.request.headers)).toEqual(['authorization', 'accept']);
    expect(Object.keys(entry.response.headers)).toEqual(['content-type', 'request-id']);
  });
});
