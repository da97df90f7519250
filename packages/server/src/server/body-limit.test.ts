import { LIMITS } from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { AdminToken } from '../admin/admin-token';
import type { RequestHead } from '../api/api-request';
import { fromWebRequest } from '../transport/web/web-adapter';
import { createBodyLimit } from './body-limit';

const head = (path: string, authorization?: string, cookie?: string): RequestHead => ({
  method: 'POST',
  path,
  search: '',
  header: (name) => ({ authorization, cookie })[name as 'authorization' | 'cookie'],
  sourceAddress: '127.0.0.1',
});

const isAdminSession = (cookie: string | undefined) => cookie === 'refapi_admin=live';

const limit = createBodyLimit({
  adminToken: new AdminToken('admin-secret'),
  adminBodyBytes: 1024 * 1024,
  isAdminSession,
  isApiKey: (token) => token === 'refak_good',
});

describe('createBodyLimit', () => {
  it('reads an admin body only with the admin token, up to the admin limit', () => {
    expect(limit(head('/__admin/scenario', 'Bearer admin-secret'))).toBe(1024 * 1024);
    expect(limit(head('/__admin/scenario'))).toBe(0);
    expect(limit(head('/__admin/scenario', 'Bearer refak_good'))).toBe(0);
    expect(limit(head('/__admin/scenario', 'Bearer admin-secretX'))).toBe(0);
  });

  it("reads an admin body with the console's session cookie, but not beside a wrong token", () => {
    expect(limit(head('/__admin/clock', undefined, 'refapi_admin=live'))).toBe(1024 * 1024);
    expect(limit(head('/__admin/clock', undefined, 'refapi_admin=stale'))).toBe(0);
    expect(limit(head('/__admin/clock', 'Bearer wrong', 'refapi_admin=live'))).toBe(0);
    expect(limit(head('/v1/orders', undefined, 'refapi_admin=live'))).toBe(0);
  });

  it('reads an API body only with a valid key, up to 64 KiB (the admin token is no key)', () => {
    expect(limit(head('/v1/orders', 'Bearer refak_good'))).toBe(LIMITS.requestBodyBytesMax);
    expect(limit(head('/v1/orders'))).toBe(0);
    expect(limit(head('/v1/orders', 'Bearer refak_bad'))).toBe(0);
    expect(limit(head('/v1/orders', 'Bearer admin-secret'))).toBe(0);
  });

  it('waits for a key check that has to wait (state still loading)', async () => {
    const later = createBodyLimit({
      adminToken: new AdminToken('admin-secret'),
      adminBodyBytes: 1,
      isAdminSession,
      isApiKey: async (token) => token === 'refak_good',
    });
    expect(await later(head('/v1/orders', 'Bearer refak_good'))).toBe(LIMITS.requestBodyBytesMax);
  });
});

describe('fromWebRequest (in-process and msw)', () => {
  const post = (path: string, token: string | undefined, body: string) =>
    new Request(`https://api.ref.test${path}`, {
      method: 'POST',
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      body,
    });

  it('leaves the body of a request without credentials unread', async () => {
    const request = await fromWebRequest(post('/__admin/scenario', undefined, '{"a":1}'), limit);
    expect([request.body, request.bodyTooLarge]).toEqual([undefined, false]);
  });

  it('reads an authenticated body, and flags one past the limit', async () => {
    const ok = await fromWebRequest(post('/v1/orders', 'refak_good', '{"a":1}'), limit);
    expect(ok.body).toBe('{"a":1}');
    const big = await fromWebRequest(
      post('/v1/orders', 'refak_good', ' '.repeat(LIMITS.requestBodyBytesMax + 1)),
      limit,
    );
    expect([big.body, big.bodyTooLarge]).toEqual([undefined, true]);
  });
});
