import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteTable } from '../../api/route-table';
import { createReferenceCore } from '../../server/reference-core';
import { createReferenceServer } from '../node/reference-server';
import { createMswHandlers } from './msw-handlers';

describe('msw handlers', () => {
  const { core } = createReferenceCore(
    { baseUrl: 'https://msw-once.ref.test/v1' },
    undefined,
    undefined,
    createMswHandlers,
  );
  const msw = setupServer(...core.handlers);
  beforeAll(async () => {
    await core.ready;
    msw.listen();
  });
  afterAll(() => msw.close());

  it('match the route once per request, however many handlers msw asks', async () => {
    const match = vi.spyOn(RouteTable.prototype, 'match');
    try {
      // The last operation of the contract: msw asks every handler before it.
      const services = await fetch('https://msw-once.ref.test/v1/services/REF-X/shield', {
        headers: { authorization: 'Bearer refak_nobody' },
      });
      expect(services.status).toBe(401);
      expect(match).toHaveBeenCalledTimes(1);
      match.mockClear();
      const unknown = await fetch('https://msw-once.ref.test/v1/nowhere');
      expect(unknown.status).toBe(404);
      expect(match).toHaveBeenCalledTimes(1);
    } finally {
      match.mockRestore();
    }
  });
});

describe("a reference server's handlers", () => {
  it('are one array, built on first use, however often they are read', async () => {
    const server = createReferenceServer({ baseUrl: 'https://msw-lazy.ref.test/v1' });
    // Built on first read (not with the server): the same handlers each time after, so a
    // suite's `resetHandlers(...server.handlers)` names the ones it started with.
    const first = server.handlers;
    expect(server.handlers).toBe(first);
    expect(first.length).toBeGreaterThan(23);
    const msw = setupServer(...first);
    msw.listen();
    try {
      const me = await fetch('https://msw-lazy.ref.test/v1/me', {
        headers: { authorization: 'Bearer refak_demo_eur_full' },
      });
      expect(me.status).toBe(200);
    } finally {
      msw.close();
    }
  });
});
