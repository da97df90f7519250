import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRedirectError, RedirectError, RefSdkError } from '../src/index';
import { account, orderResult } from './helpers/fixtures';
import { sendJson, startTestServer, type TestServer } from './helpers/http-server';
import { clientFor, TEST_KEY } from './helpers/local-client';

// A node:http redirector on 127.0.0.1:0 as the base URL, and another server (another port:
// another origin) that answers like the API would. The SDK never follows a redirect off the
// base URL's origin; within it, redirects are followed as fetch follows them.

let api: TestServer;
let elsewhere: TestServer;
beforeAll(async () => {
  elsewhere = await startTestServer((_req, res) => sendJson(res, 200, account));
  api = await startTestServer((req, res) => {
    const other = new URL(elsewhere.url).origin;
    const move = (status: number, location: string) => {
      res.writeHead(status, { location });
      res.end();
    };
    if (req.url === '/v1/me') return sendJson(res, 200, account);
    if (req.url === '/v1/orders' && req.method === 'POST')
      return sendJson(res, 201, orderResult(false));
    if (req.url.startsWith('/v1/services/REF-SVC-1')) return move(302, '/v1/me'); // same origin
    if (req.url.startsWith('/v1/services/REF-SVC-2'))
      return move(301, `${other}/v1/me?token=s3cret`);
    if (req.url.startsWith('/v1/services/REF-SVC-3')) return move(307, '/v1/services/REF-SVC-2');
    if (req.url.startsWith('/v1/services/REF-SVC-4')) return move(302, req.url); // a loop
    if (req.url.startsWith('/v1/orders-old')) return move(307, '/v1/orders');
    return sendJson(res, 404, { error: 'not_found' });
  });
});
afterAll(async () => {
  await api.close();
  await elsewhere.close();
});

const otherOrigin = () => new URL(elsewhere.url).origin;

describe('a redirect to another origin', () => {
  it('is not followed: RedirectError names the status and the origin, never the query or key', async () => {
    const client = clientFor(api, { validateResponses: false });
    const error = await client.services.get('REF-SVC-2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toBeInstanceOf(RefSdkError);
    expect(isRedirectError(error)).toBe(true);
    const redirect = error as RedirectError;
    expect(redirect.status).toBe(301);
    expect(redirect.targetOrigin).toBe(otherOrigin());
    expect(redirect.method).toBe('GET');
    expect(redirect.url).toBe(`${api.url}/services/REF-SVC-2`);
    expect(redirect.message).toContain('301');
    expect(redirect.message).toContain(otherOrigin());
    const everything = JSON.stringify({ ...redirect, message: redirect.message });
    expect(everything).not.toContain('s3cret');
    expect(everything).not.toContain(TEST_KEY);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('is not followed after a same-origin hop either, and is never retried', async () => {
    const before = api.requests.length;
    const client = clientFor(api, { maxRetries: 3 });
    const error = await client.services.get('REF-SVC-3').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).status).toBe(301);
    expect(api.requests.length - before).toBe(2);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('from a fetch that follows redirects itself is refused all the same', async () => {
    const client = clientFor(api, {
      // A fetch of the application's that ignores `redirect: 'manual'`.
      fetch: (input, init) => fetch(new Request(input, { ...init, redirect: 'follow' })),
    });
    const error = await client.services.get('REF-SVC-2').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as RedirectError).targetOrigin).toBe(otherOrigin());
    expect((error as Error).message).not.toContain('s3cret');
  });
});

describe('a redirect within the base URL’s origin', () => {
  it('is followed as before', async () => {
    const client = clientFor(api, { validateResponses: false });
    const answer = await client.services.get('REF-SVC-1');
    expect((answer as unknown as { account_ref: string }).account_ref).toBe(account.account_ref);
  });

  it('a 307 repeats the method, the body and the headers', async () => {
    const before = api.requests.length;
    // The API under an old base path that moved: the order must arrive at the new one intact.
    const client = clientFor(api, {
      baseUrl: `${new URL(api.url).origin}/v1/orders-old`,
      validateResponses: false,
    });
    await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' }, { idempotencyKey: 'k-307' });
    const [first, second] = api.requests.slice(before);
    expect(second?.method).toBe('POST');
    expect(second?.url).toBe('/v1/orders');
    expect(second?.body).toBe(first?.body);
    expect(JSON.parse(second?.body ?? '{}')).toEqual({ type: 'kvm', plan_code: 'kvm-s' });
    expect(second?.headers['idempotency-key']).toBe('k-307');
    expect(second?.headers.authorization).toBe(`Bearer ${TEST_KEY}`);
  });

  it('a loop ends with RedirectError after 20 hops', async () => {
    const before = api.requests.length;
    const client = clientFor(api, { maxRetries: 0 });
    const error = await client.services.get('REF-SVC-4').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(/more than 20/);
    expect(api.requests.length - before).toBe(21);
  });
});
