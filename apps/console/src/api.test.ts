import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminError, adminFetch } from './api';

afterEach(() => vi.unstubAllGlobals());

const answer = (response: Response) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );

describe('adminFetch', () => {
  it('refuses a 2xx answer that is not JSON (a proxy’s page) with a readable error', async () => {
    // Taken as data, the page's text became the clock: `now` NaN, and the header's
    // toISOString threw, leaving a blank page.
    answer(new Response('<html>proxy</html>', { headers: { 'content-type': 'text/html' } }));
    const refused = await adminFetch('/__admin/clock').catch((cause: unknown) => cause);
    expect(refused).toBeInstanceOf(AdminError);
    expect((refused as AdminError).status).toBe(200);
    expect((refused as AdminError).message).toBe(
      'the answer (HTTP 200, text/html) is not the JSON the admin API sends',
    );
  });

  it('still reads JSON, and an empty 2xx answer as nothing', async () => {
    answer(Response.json({ status: 'ok' }));
    await expect(adminFetch('/__admin/health')).resolves.toEqual({ status: 'ok' });
    answer(new Response(null, { status: 204 }));
    await expect(adminFetch('/__admin/session', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
