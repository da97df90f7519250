import { describe, expect, it } from 'vitest';
import type { ApiRequest } from './api-request';
import { isCredentialHeader, redactHeaders, requestEntry, truncateBody } from './request-entry';
import { requestIdOf } from './request-id';

describe('redactHeaders', () => {
  it('hides credentials and keeps the rest, with lower-case names', () => {
    expect(
      redactHeaders({
        Authorization: 'Bearer refak_x',
        cookie: 'refapi_admin=abc',
        'Set-Cookie': 'a=b',
        'x-api-key': 'k',
        'x-refresh-token': 't',
        'x-client-secret': 's',
        'idempotency-key': 'order-1',
        'content-type': 'application/json',
      }),
    ).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'set-cookie': '[redacted]',
      'x-api-key': '[redacted]',
      'x-refresh-token': '[redacted]',
      'x-client-secret': '[redacted]',
      'idempotency-key': 'order-1',
      'content-type': 'application/json',
    });
    expect(isCredentialHeader('monkey')).toBe(true);
    expect(isCredentialHeader('accept')).toBe(false);
  });
});

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
});

describe('requestEntry', () => {
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
    const entry = requestEntry(
      request,
      { status: 200, headers: { 'idempotent-replayed': 'true' }, body: '{}' },
      { operation: 'getAccount', account_ref: null, time: 'T', duration_ms: 1, fault: null },
    );
    expect(entry).toMatchObject({
      id: requestIdOf(request),
      query: 'a=1',
      idempotency_key: 'k-1',
      replayed: true,
      request: { headers: { authorization: '[redacted]' }, body: null, body_truncated: false },
      response: { headers: { 'request-id': requestIdOf(request) }, body: '{}' },
    });
  });
});
