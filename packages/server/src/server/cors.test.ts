import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../api/api-request';
import { corsAllows, DEFAULT_CORS_ORIGINS, parseCorsOrigins, withCors } from './cors';

const request = (method: string, path: string, headers: Record<string, string>): ApiRequest => ({
  method,
  path,
  search: '',
  header: (name) => headers[name],
  body: undefined,
  bodyTooLarge: false,
  sourceAddress: '127.0.0.1',
});
const ok = withCors(async () => ({ status: 200, headers: {}, body: '{}' }), DEFAULT_CORS_ORIGINS);

describe('CORS origins', () => {
  it('allows any localhost or 127.0.0.1 port over http by default', () => {
    expect(corsAllows(DEFAULT_CORS_ORIGINS, 'http://localhost:5173')).toBe(true);
    expect(corsAllows(DEFAULT_CORS_ORIGINS, 'http://127.0.0.1:3000')).toBe(true);
    expect(corsAllows(DEFAULT_CORS_ORIGINS, 'https://localhost:5173')).toBe(false);
    expect(corsAllows(DEFAULT_CORS_ORIGINS, 'http://localhost.evil.test:80')).toBe(false);
    expect(corsAllows(DEFAULT_CORS_ORIGINS, 'http://localhost')).toBe(false);
    expect(corsAllows(DEFAULT_CORS_ORIGINS, 'http://evil.test')).toBe(false);
  });

  it('parses --cors lists and *, refusing what is not an origin', () => {
    expect(parseCorsOrigins('*')).toBe('*');
    expect(parseCorsOrigins('https://app.example.com, http://localhost:*')).toEqual([
      'https://app.example.com',
      'http://localhost:*',
    ]);
    expect(corsAllows(parseCorsOrigins('https://app.example.com'), 'https://app.example.com')).toBe(
      true,
    );
    for (const bad of [
      '',
      'app.example.com',
      'https://app.example.com/',
      'ftp://x',
      'http://x/a',
    ]) {
      expect(() => parseCorsOrigins(bad), bad).toThrow(TypeError);
    }
  });
});

describe('withCors', () => {
  it('answers preflights from allowed origins with 204 and what the API accepts', async () => {
    const res = await ok(
      request('OPTIONS', '/v1/orders', {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
      }),
    );
    expect(res.status).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key',
    });
    expect(res.headers['request-id']).toMatch(/^req_/);
  });

  it('exposes the headers clients act on, to allowed origins only', async () => {
    const res = await ok(request('GET', '/v1/me', { origin: 'http://127.0.0.1:8080' }));
    expect(res.headers['access-control-expose-headers']).toBe(
      'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Idempotent-Replayed, Request-Id',
    );
    const other = await ok(request('GET', '/v1/me', { origin: 'http://evil.test' }));
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('leaves the admin API and the console same-origin', async () => {
    for (const path of ['/__admin/state', '/__console/']) {
      const res = await ok(
        request('OPTIONS', path, {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
        }),
      );
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it("leaves a space's admin API same-origin, and its API open", async () => {
    for (const method of ['OPTIONS', 'GET']) {
      const res = await ok(
        request(method, '/spaces/sp_0123456789abcdefgh/__admin/state', {
          origin: 'http://localhost:5173',
          'access-control-request-method': 'POST',
        }),
      );
      expect(res.status, method).toBe(200);
      expect(res.headers['access-control-allow-origin'], method).toBeUndefined();
    }
    const api = await ok(
      request('OPTIONS', '/spaces/sp_0123456789abcdefgh/v1/orders', {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
      }),
    );
    expect([api.status, api.headers['access-control-allow-origin']]).toEqual([
      204,
      'http://localhost:5173',
    ]);
  });
});
