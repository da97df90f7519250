import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { createRefMcpServer, createSharedState } from './server';

async function reference() {
  const server = createReferenceServer({ onError: () => {} });
  await server.ready;
  const client = new RefClient({
    apiKey: 'refak_demo_eur_full',
    baseUrl: server.baseUrl,
    fetch: server.fetch,
  });
  return { client, calls: () => server.admin.requests().length };
}

describe('createRefMcpServer', () => {
  it("calls the API through its own client, sharing the process's state", async () => {
    // The process's default connection, and the one of this session (another base URL:
    // a sandbox space of its own, say).
    const shared = await reference();
    const session = await reference();
    const server = createRefMcpServer({
      client: session.client,
      shared: createSharedState(shared.client),
      tools: 'read',
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const result = await client.callTool({ name: 'balance_get', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(session.calls()).toBe(1);
      expect(shared.calls()).toBe(0);
    } finally {
      await client.close();
    }
  });
});
