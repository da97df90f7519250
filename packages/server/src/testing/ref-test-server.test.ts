import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRefTestServer, type RefTestServer, scenario } from './vitest';

// An app of the suite's own, on 127.0.0.1: what `onUnhandledRequest` lets through.
function listenOnce(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((_req, res) => res.end(body));
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

// The runner-agnostic form: explicit start/reset/stop, one server at a time in this file.
let ref: RefTestServer | undefined;
afterEach(() => {
  ref?.stop();
  ref = undefined;
  vi.restoreAllMocks();
});

describe('createRefTestServer', () => {
  it('serves the demo scenario by default, on a chosen base URL', async () => {
    ref = createRefTestServer({ baseUrl: 'http://mock.test/api/v1' });
    await ref.start();
    expect(ref.apiKey).toBe('refak_demo_eur_full');
    expect(Object.keys(ref.keys)).toEqual(['REF-ACCT-1', 'REF-ACCT-2', 'REF-ACCT-3']);
    const me = await fetch('http://mock.test/api/v1/me', {
      headers: { authorization: `Bearer ${ref.keys['REF-ACCT-2']?.[0]}` },
    });
    expect(await me.json()).toMatchObject({ account_ref: 'REF-ACCT-2' });
  });

  it('fails reset() with every unhandled request, even when the app swallowed the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    ref = createRefTestServer({ scenario: scenario().account().key() });
    await ref.start();
    // App code that hides network failures must not hide a request the mock never answered.
    const swallowed = await fetch('https://elsewhere.test/a?b=1').catch(() => 'swallowed');
    expect(swallowed).toBe('swallowed');
    await fetch('https://elsewhere.test/c', { method: 'POST' }).catch(() => undefined);
    await expect(ref.reset()).rejects.toThrow(
      '2 request(s) matched no handler of the reference server or server.use(): ' +
        'GET https://elsewhere.test/a?b=1, POST https://elsewhere.test/c',
    );
    // Reported once: the next reset is clean again.
    await expect(ref.reset()).resolves.toBeUndefined();
  });

  it("onUnhandledRequest 'warn' warns through msw and lets the test pass", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = await listenOnce('from the app');
    ref = createRefTestServer({ scenario: scenario().account().key(), onUnhandledRequest: 'warn' });
    await ref.start();
    // msw warns, then performs the request as is.
    expect(await (await fetch(`${app.url}/warned`)).text()).toBe('from the app');
    expect(warn.mock.calls.flat().join(' ')).toContain(`${app.url}/warned`);
    await expect(ref.reset()).resolves.toBeUndefined();
    await app.close();
  });

  it("onUnhandledRequest 'bypass' sends other hosts' requests to the network, silently", async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const app = await listenOnce('from the app');
    ref = createRefTestServer({
      scenario: scenario().account().key(),
      onUnhandledRequest: 'bypass',
    });
    await ref.start();
    expect(await (await fetch(app.url)).text()).toBe('from the app');
    expect([warn.mock.calls, error.mock.calls]).toEqual([[], []]);
    await expect(ref.reset()).resolves.toBeUndefined();
    await app.close();
  });

  it('onUnhandledRequest as a function sees each unhandled request', async () => {
    const seen: string[] = [];
    const app = await listenOnce('ok');
    ref = createRefTestServer({
      scenario: scenario().account().key(),
      onUnhandledRequest: (request) => {
        seen.push(`${request.method} ${new URL(request.url).pathname}`);
      },
    });
    await ref.start();
    await fetch(`${app.url}/custom`, { method: 'DELETE' });
    expect(seen).toEqual(['DELETE /custom']);
    await expect(ref.reset()).resolves.toBeUndefined();
    await app.close();
  });

  it('answers paths of its own origin itself, so they never count as unhandled', async () => {
    ref = createRefTestServer({ scenario: scenario().account().key() });
    await ref.start();
    expect((await fetch('https://api.ref.test/elsewhere')).status).toBe(404);
    await expect(ref.reset()).resolves.toBeUndefined();
  });

  it('says how to get a key when the scenario has none', () => {
    ref = createRefTestServer({ scenario: scenario().account() });
    expect(() => ref?.apiKey).toThrow(
      /no API key: add one, e\.g\. scenario\(\)\.account\(\)\.key\(\)/,
    );
  });

  it('rejects an invalid scenario at creation with its JSON path', () => {
    // @ts-expect-error the document is typed; JavaScript callers get the same check at run time
    expect(() => createRefTestServer({ scenario: { accounts: [{}] } })).toThrow(
      /invalid_scenario: accounts\[0\]/,
    );
  });
});
