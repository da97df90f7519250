import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpHttpServer, startHttpServer } from '../src/http-server';
import { createRefMcpServer, createSharedState } from '../src/server';
import { PROTOCOL_VERSION } from './helpers/mcp-client';

// In process, to read the endpoint's own count of live MCP server instances.
let http: McpHttpServer;
let built = 0;
// The reference server answers the API in process, each call only once a test lets it
// (see the in-flight test); initialize and tools/list never call the API.
let held: (() => void) | undefined;

beforeAll(async () => {
  const reference = createReferenceServer({ onError: () => {} });
  await reference.ready;
  const client = new RefClient({
    apiKey: 'refak_demo_eur_full',
    baseUrl: reference.baseUrl,
    fetch: async (input, init) => {
      await new Promise<void>((resolve) => {
        held = resolve;
      });
      return reference.fetch(input, init);
    },
  });
  const shared = createSharedState(client);
  http = await startHttpServer({
    port: 0,
    createServer: () => {
      built += 1;
      return createRefMcpServer({ client, shared });
    },
  });
});
afterAll(() => http.close());

// node:http with keep-alive sockets rather than fetch: the same requests on as many
// connections (fetch keeps its connections alive too), at a quarter less CPU per request.
const agent = new Agent({ keepAlive: true });
afterAll(() => agent.destroy());

/** A 2025 client's opening `initialize`, as raw HTTP. */
async function initialize(n: number): Promise<void> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: `client-${n}`, version: '1' },
    },
  });
  const response = await new Promise<{
    status: number;
    headers: IncomingHttpHeaders;
    text: string;
  }>((resolve, reject) => {
    const req = request(
      http.url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  expect(response.status).toBe(200);
  expect(response.headers['mcp-session-id']).toBeUndefined();
  expect(response.text).toContain('"protocolVersion":"2025-11-25"');
}

describe('the HTTP endpoint keeps no state per client', () => {
  it('holds no server instance after 2,000 initialize calls', { timeout: 120_000 }, async () => {
    const before = built;
    // 20 at a time: concurrent clients, but no more sockets than a real host would open.
    for (let n = 0; n < 2_000; n += 20) {
      await Promise.all(Array.from({ length: 20 }, (_, i) => initialize(n + i)));
    }
    // One fresh server per request, and every one of them closed again.
    expect(built - before).toBe(2_000);
    expect(http.activeServers).toBe(0);
  });

  it('holds none after 2026-07-28 clients connect, list and disconnect', async () => {
    for (let n = 0; n < 50; n++) {
      const client = new Client(
        { name: `modern-${n}`, version: '1' },
        { versionNegotiation: { mode: { pin: PROTOCOL_VERSION } } },
      );
      await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      expect(client.getProtocolEra()).toBe('modern');
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await client.close();
    }
    expect(http.activeServers).toBe(0);
  });

  it('counts the server of a request in flight until it ends', async () => {
    const client = new Client(
      { name: 'in-flight', version: '1' },
      { versionNegotiation: { mode: { pin: PROTOCOL_VERSION } } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
    const called = client.callTool({ name: 'balance_get', arguments: {} });
    await expect.poll(() => held).toBeDefined();
    expect(http.activeServers).toBe(1);
    held?.();
    const result = await called;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ currency: 'EUR' });
    await client.close();
    expect(http.activeServers).toBe(0);
  });
});
