import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { interceptionFor, setupMswServer } from './setup-msw-server';
import { createRefTestServer, type RefTestServer, scenario } from './testing';

// Under Bun (and Deno) the global fetch never opens a Node socket, so msw's own setupServer
// does not see it; the kit intercepts the global fetch there. Node runs both forms here: the
// fetch one is what bun test gets (`pnpm test:pack` runs the kit under a real `bun test`).

let ref: RefTestServer | undefined;
afterEach(() => {
  ref?.stop();
  ref = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('interceptionFor', () => {
  it("keeps msw's socket interception on Node, the global fetch under Bun and Deno", () => {
    expect(interceptionFor({})).toBe('socket');
    expect(interceptionFor({ Bun: { version: '1.4.5' } })).toBe('fetch');
    expect(interceptionFor({ Deno: { version: { deno: '2.5.0' } } })).toBe('fetch');
  });
});

describe("setupMswServer('fetch')", () => {
  it('answers the global fetch from the handlers, takes use() and restores fetch on close', async () => {
    const nativeFetch = globalThis.fetch;
    const server = setupMswServer(
      [http.get('https://api.ref.test/v1/me', () => HttpResponse.json({ from: 'handler' }))],
      'fetch',
    );
    server.listen({ onUnhandledFrame: 'error' });
    try {
      expect(() => server.listen()).toThrow(/already listening/);
      expect(await (await fetch('https://api.ref.test/v1/me')).json()).toEqual({ from: 'handler' });
      server.use(http.get('https://api.ref.test/v1/me', () => HttpResponse.json({ from: 'use' })));
      expect(await (await fetch('https://api.ref.test/v1/me')).json()).toEqual({ from: 'use' });
      server.resetHandlers();
      expect(server.listHandlers()).toHaveLength(1);
      const unhandled: string[] = [];
      server.events.on('request:unhandled', ({ request }) => void unhandled.push(request.url));
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await expect(fetch('https://elsewhere.test/x')).rejects.toThrow();
      expect(unhandled).toEqual(['https://elsewhere.test/x']);
    } finally {
      server.close();
    }
    expect(globalThis.fetch).toBe(nativeFetch);
  });
});

describe('createRefTestServer under Bun', () => {
  it('intercepts the global fetch: the API, failNext, overrides, reset and unhandled requests', async () => {
    vi.stubGlobal('Bun', { version: '1.4.5' });
    // A port nothing listens on: what reaches the network is refused at once.
    ref = createRefTestServer({
      scenario: scenario().account({ currency: 'EUR', balance: 50 }).key(['*']),
      baseUrl: 'http://127.0.0.1:1/v1',
    });
    const fetchBeforeStart = globalThis.fetch;
    await ref.start();
    // The fetch interception, not the socket one: a fetch taken before start() goes out.
    await expect(fetchBeforeStart(`${ref.baseUrl}/me`)).rejects.toThrow();

    const api = (path: string) =>
      fetch(`${ref?.baseUrl}${path}`, { headers: { authorization: `Bearer ${ref?.apiKey}` } });
    expect(await (await api('/me')).json()).toMatchObject({ account_ref: 'REF-ACCT-1' });
    ref.failNext('getAccount', 503, { retryAfter: 0 });
    expect((await api('/me')).status).toBe(503);
    expect((await api('/me')).status).toBe(200);
    expect(ref.requests({ operationId: 'getAccount' }).map((r) => r.status)).toEqual([
      200, 503, 200,
    ]);
    ref.server.use(http.get(`${ref.baseUrl}/me`, () => HttpResponse.json({ overridden: true })));
    expect(await (await api('/me')).json()).toEqual({ overridden: true });

    await ref.reset();
    expect(ref.requests()).toEqual([]);
    expect(await (await api('/me')).json()).toMatchObject({ account_ref: 'REF-ACCT-1' });

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await fetch('https://elsewhere.test/a').catch(() => 'swallowed');
    await expect(ref.reset()).rejects.toThrow(
      '1 request(s) matched no handler of the reference server or server.use(): GET https://elsewhere.test/a',
    );
  });
});
