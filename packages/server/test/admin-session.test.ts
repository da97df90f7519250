import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../src/index';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, T0 } from './api-scenario';

const TOKEN = 'test-admin-token';

describe.each(TRANSPORTS)('console session over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });
  const admin = (path: string, init: RequestInit = {}) =>
    fetch(`${api.origin}/__admin${path}`, init);
  const login = async () => {
    const res = await admin('/session', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(204);
    const cookies = res.headers.getSetCookie();
    const value = /^refapi_admin=([^;]+);/.exec(cookies[0] ?? '')?.[1];
    return { cookies, cookie: `refapi_admin=${value}` };
  };

  it('exchanges the admin token for HttpOnly SameSite=Strict cookies (admin, console, spaces)', async () => {
    const { cookies } = await login();
    expect(cookies).toEqual([
      expect.stringMatching(
        /^refapi_admin=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/__admin$/,
      ),
      expect.stringMatching(
        /^refapi_admin=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/__console$/,
      ),
      expect.stringMatching(
        /^refapi_admin=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/spaces$/,
      ),
    ]);
    for (const authorization of [`Bearer ${KEY.full}`, 'Bearer wrong-token', '']) {
      const res = await admin('/session', { method: 'POST', headers: { authorization } });
      expect([res.status, await res.json()]).toEqual([401, { error: 'invalid_admin_token' }]);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('lets the cookie read; writes also need X-Refapi-Console: 1', async () => {
    const { cookie } = await login();
    const whoami = await admin('/whoami', { headers: { cookie } });
    expect([whoami.status, await whoami.json()]).toEqual([200, { admin: true }]);
    expect((await admin('/state', { headers: { cookie } })).status).toBe(200);
    const forged = await admin('/clock', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ frozen: true }),
    });
    expect([forged.status, await forged.json()]).toEqual([403, { error: 'csrf_header_required' }]);
    const console = await admin('/clock', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-refapi-console': '1' },
      body: JSON.stringify({ frozen: true }),
    });
    expect([console.status, await console.json()]).toEqual([
      200,
      { now: T0, frozen: true, applied: [] },
    ]);
    // The token alone needs no CSRF header (it cannot ride along on a cross-site request).
    const scripted = await api.admin('POST', '/clock', { frozen: true });
    expect(scripted.status).toBe(200);
  });

  it('opens nothing to a customer key, a wrong token or no credentials', async () => {
    const { cookie } = await login();
    for (const headers of [
      { authorization: `Bearer ${KEY.full}` },
      // A wrong bearer token never falls back to a valid cookie.
      { authorization: `Bearer ${KEY.full}`, cookie },
      { cookie: 'refapi_admin=forged' },
      {},
    ]) {
      for (const path of ['/whoami', '/state', '/requests', '/requests/stream']) {
        const res = await admin(path, { headers });
        expect([path, res.status, await res.json()]).toEqual([
          path,
          401,
          { error: 'invalid_admin_token' },
        ]);
      }
    }
  });

  it('ends the session on DELETE, expiring every cookie', async () => {
    const { cookie } = await login();
    const res = await admin('/session', {
      method: 'DELETE',
      headers: { cookie, 'x-refapi-console': '1' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()).toEqual([
      'refapi_admin=; HttpOnly; SameSite=Strict; Path=/__admin; Max-Age=0',
      'refapi_admin=; HttpOnly; SameSite=Strict; Path=/__console; Max-Age=0',
      'refapi_admin=; HttpOnly; SameSite=Strict; Path=/spaces; Max-Age=0',
    ]);
    expect((await admin('/whoami', { headers: { cookie } })).status).toBe(401);
  });

  it('reads clock, faults and the Shield switch with GET', async () => {
    await api.admin('POST', '/faults', { power: 'fail', latency_ms: 0 });
    await api.admin('POST', '/shield', { paused: true, retry_after: 9 });
    expect((await api.admin('GET', '/clock')).body).toEqual({
      now: T0,
      frozen: true,
      next_events: [],
    });
    expect((await api.admin('GET', '/faults')).body).toEqual({
      power: 'fail',
      shield: 'ok',
      latency_ms: 0,
    });
    expect((await api.admin('GET', '/shield')).body).toEqual({ paused: true, retry_after: 9 });
    await api.admin('POST', '/faults', { power: 'ok' });
    await api.admin('POST', '/shield', { paused: false });
    expect((await api.admin('GET', '/shield')).body).toEqual({ paused: false, retry_after: 9 });
  });

  it('streams a journal entry for an API call made after subscribing (listen() only)', async () => {
    const stream = await admin('/requests/stream', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    if (transport === 'msw') {
      // msw cannot cancel a streamed body; it says so rather than leak a subscription.
      expect([stream.status, await stream.json()]).toEqual([
        404,
        { error: 'event_stream_needs_http' },
      ]);
      return;
    }
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('request-id')).toMatch(/^req_/);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const call = await api.call('GET', '/me', { key: KEY.full });
    let text = '';
    while (!text.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    const id = call.headers.get('request-id');
    const [event, idLine, data] = text.split('\n');
    expect([event, idLine]).toEqual(['event: request', `id: ${id}`]);
    expect(JSON.parse((data as string).slice('data: '.length))).toMatchObject({
      id,
      operation: 'getAccount',
      status: 200,
    });
  });
});

describe('closing with open event streams', () => {
  it('ends the streams so close() resolves', async () => {
    const server = createReferenceServer({ adminToken: TOKEN });
    const listening = await server.listen({ port: 0 });
    const stream = await fetch(`${listening.url}/__admin/requests/stream`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await listening.close();
    // The stream ended instead of hanging.
    expect((await reader.read()).done).toBe(true);
  });
});
