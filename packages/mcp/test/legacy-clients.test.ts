// Hosts still on the v1 SDK speak protocol 2025-11-25 (`initialize`, no per-request
// envelope). The server serves them from the same tools: over stdio for the connection,
// over HTTP statelessly, one request at a time (the sandbox names their session).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type CallToolResult,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, spawnHttp, stop } from './helpers/mcp-client';

const LEGACY_VERSION = '2025-11-25';
const ARGS = ['--sandbox', '--tools', 'all'];

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  // Last in, first out: the client closes before its server stops.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const v1Client = () => new Client({ name: 'refapi-mcp-v1-test', version: '1.0.0' });

/** Lists the tools and reads the sandbox balance through a connected v1 client. */
async function listAndCall(client: Client) {
  const { tools } = await client.listTools();
  expect(tools).toHaveLength(24);
  expect(tools.find((t) => t.name === 'orders_create')?.annotations).toMatchObject({
    destructiveHint: true,
  });
  const result = (await client.callTool({ name: 'balance_get', arguments: {} })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent).toMatchObject({ currency: 'EUR' });
  expect(client.getServerVersion()?.name).toBe('refapi-mcp');
}

describe(`a v1 SDK client (protocol ${LEGACY_VERSION})`, () => {
  it('connects over stdio, lists the tools and calls one', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, ...ARGS],
      env: cleanEnv({}),
      stderr: 'pipe',
    });
    // The v1 client hands the negotiated version to a transport that takes it.
    let negotiated: string | undefined;
    Object.assign(transport, {
      setProtocolVersion: (version: string) => {
        negotiated = version;
      },
    });
    const client = v1Client();
    await client.connect(transport);
    cleanups.push(() => client.close());
    expect(negotiated).toBe(LEGACY_VERSION);
    await listAndCall(client);
  });

  it('connects over HTTP, lists the tools and calls one', async () => {
    const { child, url } = await spawnHttp(ARGS);
    cleanups.push(() => stop(child));
    const transport = new StreamableHTTPClientTransport(new URL(url));
    const client = v1Client();
    await client.connect(transport);
    cleanups.push(() => client.close());
    expect(transport.protocolVersion).toBe(LEGACY_VERSION);
    // The sandbox's session id (its space); every request is still served on its own.
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await listAndCall(client);
  });

  it('gets its tool log lines as MCP log notifications over stdio', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, ...ARGS],
      env: cleanEnv({}),
      stderr: 'pipe',
    });
    const client = v1Client();
    const lines: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      lines.push(notification.params.data);
    });
    await client.connect(transport);
    cleanups.push(() => client.close());
    await client.callTool({ name: 'balance_get', arguments: {} });
    expect(lines).toContain('balance_get: ok');
  });
});
