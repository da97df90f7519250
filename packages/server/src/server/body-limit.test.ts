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

  /** An authenticated POST whose body arrives as `chunks`, one read each. */
  const streamed = (...chunks: Uint8Array[]) =>
    new Request('https://api.ref.test/v1/orders', {
      method: 'POST',
      headers: { authorization: 'Bearer refak_good' },
      body: new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);

  it('reads a character split across two chunks whole', async () => {
    const bytes = new TextEncoder().encode('{"a":"🛡"}');
    const cut = bytes.indexOf(0xf0) + 2;
    const request = await fromWebRequest(
      streamed(bytes.subarray(0, cut), bytes.subarray(cut)),
      limit,
    );
    expect(request.body).toBe('{"a":"🛡"}');
  });

  it('flags a body that is not UTF-8, and keeps a byte order mark', async () => {
    const bad = await fromWebRequest(streamed(Uint8Array.from([0x7b, 0xff, 0x7d])), limit);
    expect([bad.body, bad.bodyNotUtf8]).toEqual(['{\uFFFD}', true]);
    const bom = await fromWebRequest(
      streamed(Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d])),
      limit,
    );
    expect([bom.body, bom.bodyNotUtf8]).toEqual(['\uFEFF{}', false]);
  });
});
