// The built `refapi-mcp --sandbox`: each MCP session buys on its own copy of the demo
// account, over stdio (a process per host) and over HTTP (a space per session).
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectStdio, spawnHttp, stop } from './helpers/mcp-client';
import { buyer, type CallTool } from './helpers/sandbox-buyer';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two sessions buy 1 and 2 servers; each must see its own orders and nothing else. */
async function expectIsolated(sessions: readonly [CallTool, CallTool]) {
  const buyers = [await buyer(sessions[0]), await buyer(sessions[1])];
  const own = [await buyers[0]?.buy(1), await buyers[1]?.buy(2)];
  expect(own[0]).toHaveLength(1);
  expect(await buyers[0]?.bought()).toEqual(own[0]);
  expect(await buyers[1]?.bought()).toEqual(own[1]);
}

describe('refapi-mcp --sandbox sessions', () => {
  it('over stdio: each host buys on its own copy of the demo account', async () => {
    const hosts = await Promise.all([connectStdio(['--sandbox']), connectStdio(['--sandbox'])]);
    for (const host of hosts) cleanups.push(() => host.close());
    await expectIsolated([
      (name, args) => hosts[0].call(name, args),
      (name, args) => hosts[1].call(name, args),
    ]);
    // The session's instructions say so.
    expect(hosts[0].client.getInstructions()).toMatch(
      /This session has its own copy of the account/,
    );
  });

  it('over HTTP: each session of one process buys on its own copy', async () => {
    const { child, url } = await spawnHttp(['--sandbox']);
    cleanups.push(() => stop(child));
    const calls: CallTool[] = [];
    for (let n = 0; n < 2; n++) {
      // Hosts on the v1 SDK (2025-11-25): the session id of the initialize answer.
      const transport = new V1Transport(new URL(url));
      const client = new V1Client({ name: `host-${n}`, version: '1' });
      await client.connect(transport);
      cleanups.push(() => client.close());
      expect(transport.sessionId).toBeDefined();
      calls.push(
        async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
      );
    }
    await expectIsolated(calls as [CallTool, CallTool]);
  });
});
