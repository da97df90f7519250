import { createReferenceServer } from '@refapi/server';
import { describe, expect, it } from 'vitest';
import { ApiConnection } from './api-connection';

describe('ApiConnection', () => {
  it('gives each base URL its own client with the same key and transport', async () => {
    const server = createReferenceServer({ onError: () => {} });
    await server.ready;
    const seen: string[] = [];
    const connection = new ApiConnection({
      apiKey: 'refak_demo_eur_full',
      baseUrl: server.baseUrl,
      fetch: (input, init) => {
        const request = new Request(input, init);
        seen.push(new URL(request.url).pathname);
        return server.fetch(request);
      },
    });
    expect(connection.clientAt()).toBe(connection.client);
    expect(connection.clientAt(server.baseUrl)).toBe(connection.client);
    // A session at another base URL of the same server (a sandbox space's, say).
    const other = `${new URL(server.baseUrl).origin}/elsewhere/v1`;
    const session = connection.clientAt(other);
    expect(session).not.toBe(connection.client);
    expect(session.baseUrl).toBe(other);
    expect(connection.clientAt(other)).toBe(session);
    await session.balance.get().catch(() => undefined);
    expect(seen).toEqual(['/elsewhere/v1/balance']);
  });
});
