import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteTable } from '../../api/route-table';
import { createReferenceCore } from '../../server/reference-core';

describe('msw handlers', () => {
  const { core } = createReferenceCore({ baseUrl: 'https://msw-once.ref.test/v1' });
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
