import { describe, expect, it } from 'vitest';
import { RedirectError } from '../errors/client-errors';
import { sameOriginRedirects } from './redirects';

const ORIGIN = 'https://api.ref.test';

/** What a browser's fetch answers a `redirect: 'manual'` request that was redirected. */
function opaqueRedirect(): Response {
  const response = Response.error();
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
  return response;
}

describe('sameOriginRedirects', () => {
  it("refuses a browser's opaque redirect: its target is unknown", async () => {
    const fetch = sameOriginRedirects(async () => opaqueRedirect(), ORIGIN);
    const error = await fetch(new Request(`${ORIGIN}/v1/me`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: undefined, targetOrigin: undefined, method: 'GET' });
    expect((error as Error).message).toMatch(/opaque redirect/);
  });

  it("carries the redirect's Request-Id and rate-limit state, as an error after any answer does", async () => {
    const moved = () =>
      new Response(null, {
        status: 302,
        headers: {
          location: 'https://elsewhere.test/v1/me',
          'request-id': 'req_moved',
          'ratelimit-limit': '600',
          'ratelimit-remaining': '7',
          'ratelimit-reset': '12',
        },
      });
    const fetch = sameOriginRedirects(async () => moved(), ORIGIN);
    const error = await fetch(new Request(`${ORIGIN}/v1/me`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({
      status: 302,
      requestId: 'req_moved',
      rateLimit: { limit: 600, remaining: 7, resetSeconds: 12 },
    });
  });

  it('refuses a Location that is not a URL, with its status', async () => {
    const moved = () => new Response(null, { status: 302, headers: { location: 'http://[::1' } });
    const fetch = sameOriginRedirects(async () => moved(), ORIGIN);
    const error = await fetch(new Request(`${ORIGIN}/v1/me`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 302, targetOrigin: undefined });
  });

  it('refuses a Location with a user name or password, same origin or not, sending nothing more', async () => {
    let sent = 0;
    const fetch = sameOriginRedirects(async () => {
      sent++;
      return new Response(null, {
        status: 307,
        headers: { location: 'https://user:secret@api.ref.test/v1/me' },
      });
    }, ORIGIN);
    const error = await fetch(new Request(`${ORIGIN}/v1/me`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ status: 307, targetOrigin: undefined });
    expect((error as Error).message).toMatch(/user name or password/);
    expect((error as Error).message).not.toContain('secret');
    expect(sent).toBe(1);
  });

  it('turns a 303 of a POST into a GET without the body or its headers', async () => {
    const sent: Request[] = [];
    const fetch = sameOriginRedirects(async (input) => {
      const request = input as Request;
      sent.push(request);
      return sent.length === 1
        ? new Response(null, { status: 303, headers: { location: '/v1/orders/1' } })
        : Response.json({ ok: true });
    }, ORIGIN);
    const response = await fetch(
      new Request(`${ORIGIN}/v1/orders`, {
        method: 'POST',
        body: '{"a":1}',
        headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      }),
    );
    expect(response.status).toBe(200);
    const second = sent[1] as Request;
    expect([second.method, second.url, second.body]).toEqual([
      'GET',
      `${ORIGIN}/v1/orders/1`,
      null,
    ]);
    expect(second.headers.get('content-type')).toBeNull();
    expect(second.headers.get('authorization')).toBe('Bearer k');
  });

  it('hands back a 3xx without Location as the answer', async () => {
    const fetch = sameOriginRedirects(async () => new Response(null, { status: 304 }), ORIGIN);
    expect((await fetch(new Request(`${ORIGIN}/v1/me`))).status).toBe(304);
  });
});
