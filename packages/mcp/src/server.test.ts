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

  it('ends a call the API never answers with a timeout tool error, before the host gives up', async () => {
    // An API that accepts every request and never answers (until the request is aborted).
    const silent = new RefClient({
      apiKey: 'refak_demo_eur_full',
      baseUrl: 'http://127.0.0.1:9/v1',
      fetch: (input, init) =>
        new Promise((_resolve, reject) => {
          const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    const server = createRefMcpServer({ client: silent, tools: 'read', callTimeoutMs: 300 });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(clientSide);
    try {
      const calls: Array<[string, Record<string, unknown>]> = [
        ['balance_get', {}],
        ['invoices_list', { max_items: 500 }],
        ['shield_wait', { service_ref: 'REF-SVC-101', profile_code: 'off', timeout_seconds: 50 }],
      ];
      for (const [name, args] of calls) {
        // The host's own limit: far below the SDK's 30 s per attempt, with retries.
        const result = await client.callTool({ name, arguments: args }, { timeout: 5_000 });
        expect(result.isError, name).toBe(true);
        const info = JSON.parse((result.content as Array<{ text: string }>)[1]?.text ?? '');
        expect(info, name).toMatchObject({ error: 'timeout' });
      }
    } finally {
      await client.close();
    }
  });
});
