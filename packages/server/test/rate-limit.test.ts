import { describe, expect, it } from 'vitest';
import { type Reply, TRANSPORTS, useApi } from './api-harness';
import { apiScenario, KEY, SVC } from './api-scenario';

async function burst(count: number, send: () => Promise<Reply>): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let sent = 0; sent < count; sent += 50) {
    replies.push(...(await Promise.all(Array.from({ length: Math.min(50, count - sent) }, send))));
  }
  return replies;
}

describe.each(TRANSPORTS)('rate limits over %s', (transport) => {
  const api = useApi(transport, { scenario: apiScenario() });

  it('allows 600 reads per key per minute, then 429 with Retry-After until the window resets', async () => {
    const replies = await burst(600, () => api.call('GET', '/me', { key: KEY.full }));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const remaining = replies.map((r) => Number(r.headers.get('ratelimit-remaining')));
    expect(Math.min(...remaining)).toBe(0);
    expect(new Set(remaining).size).toBe(600);

    const limited = await api.call('GET', '/services', { key: KEY.full });
    expect([limited.status, limited.body]).toEqual([429, { error: 'rate_limit_exceeded' }]);
    expect(limited.headers.get('ratelimit-limit')).toBe('600');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('retry-after')).toBe(limited.headers.get('ratelimit-reset'));
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Writes are counted apart; another key is unaffected.
    const write = await api.call('PUT', `/services/${SVC.kvm}/auto-renew`, {
      key: KEY.full,
      body: { enabled: true },
    });
    expect([write.status, write.headers.get('ratelimit-limit')]).toEqual([200, '120']);
    expect((await api.call('GET', '/me', { key: KEY.loopback })).status).toBe(200);

    api.server.admin.clock.advance(Number(limited.headers.get('retry-after')));
    const again = await api.call('GET', '/me', { key: KEY.full });
    expect([again.status, again.headers.get('ratelimit-remaining')]).toEqual([200, '599']);
  });

  it('allows 120 writes per key per minute', async () => {
    const replies = await burst(121, () =>
      api.call('PUT', `/services/${SVC.kvm}/auto-renew`, {
        key: KEY.tenNet,
        body: { enabled: true },
      }),
    );
    // The 10/8-only key is refused (403) from 127.0.0.1, but every request still counts.
    expect(replies.filter((r) => r.status === 403)).toHaveLength(120);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(1);
  });

  it('counts requests without a valid key per source address under the read limit', async () => {
    api.server.admin.clock.advance(60);
    const replies = await burst(601, () => api.call('GET', '/me', { key: 'refak_wrong' }));
    expect(replies.filter((r) => r.status === 401)).toHaveLength(600);
    const last = replies.find((r) => r.status === 429);
    expect(last?.headers.get('retry-after')).not.toBeNull();
  });
});
