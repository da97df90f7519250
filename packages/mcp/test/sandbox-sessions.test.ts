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

beforeAll(async () => {
  reference = createReferenceServer({ onError: () => {} });
  await reference.ready;
  admin = new SpaceAdmin(reference);
  const sessions = new SandboxSessions(admin);
  http = await startHttpServer({
    port: 0,
    sessions,
    createServer: (session: SandboxSession) =>
      createRefMcpServer({
        client: session.client,
        shared: session.shared,
        tools: 'all',
        mode: 'sandbox',
      }),
  });
});
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await http.close();
});

/** A host on the v1 SDK (protocol 2025-11-25): it gets its session id from initialize. */
async function legacyHost() {
  const transport = new V1Transport(new URL(http.url));
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
    const alice = await modernClient('alice');
    const anonymous = await modernClient();

    const buyers = [
      await buyer(host.call),
      await buyer(other.call),
      await buyer(alice),
      await buyer(anonymous),
    ];
    // As many orders as the session's place in the list: 1, 2, 3 and 4.
    const own = [];
    for (const [n, session] of buyers.entries()) own.push(await session.buy(n + 1));
    // Each session sees the services it bought, and none of the others' (references
    // repeat from one space to the next: each is a copy of the same scenario).
    for (const [n, session] of buyers.entries()) {
      expect(await session.bought()).toEqual(own[n]);
    }
    // A space per session; the root answered no API call and holds what it loaded.
    expect(await admin.list()).toHaveLength(4);
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
});
