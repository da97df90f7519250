import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_ID, type HttpSessions, sessionEndpoint } from './session-endpoint';

/** Sessions that record what was opened and ended; `refuse` makes open fail. */
function fakeSessions(refuse = false) {
  const held = new Set<string>();
  const sessions: HttpSessions<{ id: string }> = {
    async open(id) {
      if (refuse) throw new Error('no room (space_limit_reached)');
      held.add(id);
      return { id };
    },
    has: (id) => held.has(id),
    async end(id) {
      return held.delete(id);
    },
  };
  return { sessions, held };
}

function endpoint(refuse = false) {
  const fake = fakeSessions(refuse);
  const served: Array<string | null> = [];
  const serve = sessionEndpoint(fake.sessions, async (request) => {
    const session = request.headers.get('mcp-session-id');
    if (request.method !== 'POST') {
      served.push(`${request.method} ${session}`);
      return new Response(null, { status: 405 });
    }
    // Served only once its session is held.
    served.push(session !== null && fake.held.has(session) ? session : 'not opened');
    return Response.json({ body: await request.text() });
  });
  return { serve, served, held: fake.held };
}

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} };
const LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list' };

describe('sessionEndpoint', () => {
  it('opens a new session for each 2025 initialize, and names it in the answer', async () => {
    const { serve, served } = endpoint();
    const first = await serve(post(INITIALIZE));
    const second = await serve(post([INITIALIZE]));
    const ids = [first, second].map((r) => r.headers.get('mcp-session-id'));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(served).toEqual(ids);
    // The handler still reads the whole body.
    expect(await first.json()).toEqual({ body: JSON.stringify(INITIALIZE) });
  });

  it('serves a request in the session its Mcp-Session-Id names, else in the default one', async () => {
    const { serve, served } = endpoint();
    const id = (await serve(post(INITIALIZE))).headers.get('mcp-session-id') as string;
    const named = await serve(post(LIST, { 'mcp-session-id': id }));
    expect(named.headers.get('mcp-session-id')).toBeNull();
    await serve(post(LIST));
    await serve(post('{"jsonrpc":'));
    // Past the MCP SDK's body limit a request is not read as an initialize (the SDK answers 413).
    await serve(post({ ...INITIALIZE, params: { pad: 'x'.repeat(4 * 1024 * 1024) } }));
    expect(served).toEqual([id, id, ...Array(3).fill(DEFAULT_SESSION_ID)]);
  });

  it('answers an id it never handed out 404, and opens nothing for it', async () => {
    const { serve, served, held } = endpoint();
    for (const method of ['POST', 'GET', 'DELETE']) {
      for (const body of [LIST, INITIALIZE]) {
        const response = await serve(
          new Request('http://127.0.0.1/mcp', {
            method,
            headers: { 'content-type': 'application/json', 'mcp-session-id': 'invented' },
            ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
          }),
        );
        expect([method, response.status]).toEqual([method, 404]);
        expect(await response.json()).toMatchObject({ error: { code: -32001 } });
      }
    }
    // Not even `default` before anyone used it.
    expect((await serve(post(LIST, { 'mcp-session-id': DEFAULT_SESSION_ID }))).status).toBe(404);
    expect(served).toEqual([]);
    expect(held.size).toBe(0);
  });

  it('refuses a session id that is not 1 to 128 visible ASCII characters', async () => {
    const { serve, served } = endpoint();
    for (const id of ['a b', 'x'.repeat(129), 'caf\u00e9']) {
      const response = await serve(post(LIST, { 'mcp-session-id': id }));
      expect(response.status, id).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: -32600 } });
    }
    expect(served).toEqual([]);
  });

  it('ends a session on DELETE, and leaves GET and a DELETE without one to the handler', async () => {
    const { serve, served, held } = endpoint();
    const alice = (await serve(post(INITIALIZE))).headers.get('mcp-session-id') as string;
    const remove = (id = alice) =>
      serve(
        new Request('http://127.0.0.1/mcp', {
          method: 'DELETE',
          headers: { 'mcp-session-id': id },
        }),
      );
    expect((await remove()).status).toBe(204);
    expect(held.has(alice)).toBe(false);
    expect((await remove()).status).toBe(404);
    // The shared default session is nobody's to end.
    await serve(post(LIST));
    expect((await remove(DEFAULT_SESSION_ID)).status).toBe(403);
    expect(held.has(DEFAULT_SESSION_ID)).toBe(true);
    served.length = 0;
    expect((await serve(new Request('http://127.0.0.1/mcp'))).status).toBe(405);
    expect((await serve(new Request('http://127.0.0.1/mcp', { method: 'DELETE' }))).status).toBe(
      405,
    );
    expect(served).toEqual(['GET null', 'DELETE null']);
  });

  it('answers 503 with the reason when the session cannot be opened', async () => {
    const { serve, served } = endpoint(true);
    const response = await serve(post(INITIALIZE));
    expect(response.status).toBe(503);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32603, message: 'Service unavailable: no room (space_limit_reached)' },
      id: null,
    });
    expect(served).toEqual([]);
  });
});
