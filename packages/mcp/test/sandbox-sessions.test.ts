// `refapi-mcp --sandbox --http` in process: every MCP session on a space of its own of one
// reference server, whose root state (the demo scenario every space is forked from) no
// session touches.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createReferenceServer, type ReferenceServer } from '@refapi/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpHttpServer, startHttpServer } from '../src/http-server';
import { type SandboxSession, SandboxSessions } from '../src/sandbox/sandbox-sessions';
import { SpaceAdmin } from '../src/sandbox/space-admin';
import { createRefMcpServer } from '../src/server';
import { PROTOCOL_VERSION } from './helpers/mcp-client';
import { buyer, type CallTool, servicesOf } from './helpers/sandbox-buyer';

let reference: ReferenceServer;
let admin: SpaceAdmin;
let http: McpHttpServer;
const closing: Array<() => Promise<void>> = [];

/** The sandbox over HTTP, as `refapi-mcp --sandbox --http` serves it. */
async function serveSandbox(max?: number) {
  const server = createReferenceServer({
    onError: () => {},
    ...(max === undefined ? {} : { spaces: { max } }),
  });
  await server.ready;
  const spaces = new SpaceAdmin(server);
  const sessions = new SandboxSessions(spaces, { max });
  const endpoint = await startHttpServer({
    port: 0,
    sessions,
    createServer: (session: SandboxSession) =>
      createRefMcpServer({
        client: session.client,
        shared: session.shared,
        tools: 'all',
        mode: 'sandbox',
        notice: () => session.takeNotice(),
      }),
  });
  return { server, spaces, sessions, endpoint };
}

beforeAll(async () => {
  ({ server: reference, spaces: admin, endpoint: http } = await serveSandbox());
});
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await http.close();
});

/** A host on the v1 SDK (protocol 2025-11-25): it gets its session id from initialize. */
async function legacyHost(url = http.url) {
  const transport = new V1Transport(new URL(url));
  const client = new V1Client({ name: 'v1-host', version: '1' });
  await client.connect(transport);
  closing.push(() => client.close());
  const call: CallTool = async (name, args) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { transport, call };
}

/** A 2026-07-28 client, in the session it names (or in none). */
async function modernClient(sessionId?: string) {
  const client = new Client(
    { name: 'v2-client', version: '1' },
    { versionNegotiation: { mode: { pin: PROTOCOL_VERSION } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.url), sessionId ? { sessionId } : undefined),
  );
  closing.push(() => client.close());
  const call: CallTool = async (name, args) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return call;
}

const rootServiceRefs = () =>
  reference.admin
    .state()
    .accounts.find((account) => account.api_keys.some((k) => k.token === 'refak_demo_eur_full'))
    ?.services.map((service) => service.service_ref);

describe('refapi-mcp --sandbox over HTTP', () => {
  it('gives every session a space of its own, and leaves the root as loaded', async () => {
    const rootBefore = rootServiceRefs();
    const host = await legacyHost();
    expect(host.transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const other = await legacyHost();
    expect(other.transport.sessionId).not.toBe(host.transport.sessionId);
    const anonymous = await modernClient();

    const buyers = [await buyer(host.call), await buyer(other.call), await buyer(anonymous)];
    // As many orders as the session's place in the list: 1, 2 and 3.
    const own = [];
    for (const [n, session] of buyers.entries()) own.push(await session.buy(n + 1));
    // Each session sees the services it bought, and none of the others' (references
    // repeat from one space to the next: each is a copy of the same scenario).
    for (const [n, session] of buyers.entries()) {
      expect(await session.bought()).toEqual(own[n]);
    }
    // A space per session; the root answered no API call and holds what it loaded.
    expect(await admin.list()).toHaveLength(3);
    expect(reference.admin.requests()).toHaveLength(0);
    expect(rootServiceRefs()).toEqual(rootBefore);
  });

  it('ends a session on DELETE; reconnecting starts over on the demo data', async () => {
    const host = await legacyHost();
    const first = await buyer(host.call);
    await first.buy();
    const spaces = (await admin.list()).length;
    // What a host does to end its session (the SDK's terminateSession).
    await host.transport.terminateSession();
    expect(await admin.list()).toHaveLength(spaces - 1);
    // A new connection is a new session, on a new copy of the demo data.
    const again = await legacyHost();
    const refs = (await servicesOf(again.call)).map((service) => service.service_ref);
    expect(refs.sort()).toEqual(first.before);
    expect(await admin.list()).toHaveLength(spaces);
  });

  it('answers an Mcp-Session-Id it never handed out 404 and makes no space for it', async () => {
    const host = await legacyHost();
    const agent = await buyer(host.call);
    const bought = await agent.buy();
    const spaces = (await admin.list()).length;
    const invent = (n: number, method = 'POST') =>
      fetch(http.url, {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': `invented-${n}`,
        },
        ...(method === 'POST'
          ? { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) }
          : {}),
      });
    const statuses = new Set<number>();
    for (let n = 0; n < 256; n++) statuses.add((await invent(n)).status);
    statuses.add((await invent(0, 'DELETE')).status);
    expect([...statuses]).toEqual([404]);
    expect(await admin.list()).toHaveLength(spaces);
    expect(await agent.bought()).toEqual(bought);
  });

  it('never lets a client end the shared default session', async () => {
    const anonymous = await modernClient();
    const before = await servicesOf(anonymous);
    expect(before.length).toBeGreaterThan(0);
    const ended = await fetch(http.url, {
      method: 'DELETE',
      headers: { 'mcp-session-id': 'default' },
    });
    expect(ended.status).toBe(403);
    // Still the same space: what the default session bought earlier is there.
    expect(await servicesOf(anonymous)).toEqual(before);
  });
});

describe('the session limit', () => {
  it('ends the longest-idle session, and tells its agent in its next tool result', async () => {
    const sandbox = await serveSandbox(2);
    try {
      const agent = await legacyHost(sandbox.endpoint.url);
      const purchase = await buyer(agent.call);
      await purchase.buy();
      const other = await legacyHost(sandbox.endpoint.url);
      await servicesOf(other.call);
      // A third session: the agent's, idle the longest, is ended with its space.
      const third = await legacyHost(sandbox.endpoint.url);
      await servicesOf(third.call);
      expect(await sandbox.spaces.list()).toHaveLength(2);
      const told = await agent.call('services_list', { max_items: 500 });
      const first = told.content[0] as { type: string; text: string };
      expect(first.type).toBe('text');
      expect(first.text).toMatch(/ended to make room.*gone.*fresh copy of the demo data/);
      // Told once: the session goes on, on the demo data, without the purchase.
      const next = await agent.call('services_list', { max_items: 500 });
      expect(JSON.stringify(next.content)).not.toContain('ended to make room');
      expect((await servicesOf(agent.call)).map((s) => s.service_ref).sort()).toEqual(
        purchase.before,
      );
    } finally {
      await sandbox.endpoint.close();
      await sandbox.sessions.close();
    }
  });
});
