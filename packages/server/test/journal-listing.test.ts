import { describe, expect, it } from 'vitest';
import { MAX_LISTING_BYTES } from '../src/admin/journal-listing';
import type { RequestEntry } from '../src/index';
import { TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY } from './api-scenario';

// 16 KiB of control characters: the journal keeps it whole, and JSON writes each as 6 bytes.
const BODY = '\u0001'.repeat(16 * 1024);
/** Entries whose listing would be ~19 MiB. */
const ENTRIES = 200;

describe.each(TRANSPORTS)('the journal listing over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });

  it('answers at most 16 MiB, cutting the bodies past it; an entry by id is whole', async () => {
    for (let i = 0; i < ENTRIES; i++) {
      if (i % 100 === 99) api.server.admin.clock.advance(60); // a fresh write window
      await api.call('POST', '/orders', { key: KEY.full, rawBody: BODY });
    }
    const res = await fetch(`${api.origin}/__admin/requests?limit=1000`, {
      headers: { authorization: 'Bearer test-admin-token' },
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_LISTING_BYTES);
    const listed = (JSON.parse(text) as { requests: RequestEntry[] }).requests;
    expect(listed).toHaveLength(ENTRIES);
    expect(listed[0]?.request).toMatchObject({ body: BODY, body_truncated: false });
    const oldest = listed.at(-1) as RequestEntry;
    expect(oldest.request).toMatchObject({ body: '', body_truncated: true });

    const one = await api.admin('GET', `/requests/${oldest.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: oldest.id,
      request: { body: BODY, body_truncated: false },
    });
    const gone = await api.admin('GET', '/requests/req_000000000000000000000000');
    expect([gone.status, gone.body]).toEqual([404, { error: 'request_not_found' }]);
    const malformed = await api.admin('GET', '/requests/nope');
    expect([malformed.status, malformed.body]).toEqual([404, { error: 'not_found' }]);
  });
});
