import { RefClient } from '@refapi/sdk';
import { scenario, setupRefServer } from '@refapi/server/vitest';
import { describe, expect, it } from 'vitest';
import { unpaidRenewals } from './renewal-watch';

// The account lives in time: move the clock a month and the reference server renews what
// falls due, or, when the balance is short, suspends the service with an unpaid invoice, as
// the real service would. No sleeping, no hand-made fixtures of a failed renewal.
const ref = setupRefServer({
  scenario: scenario()
    .plan() // kvm-s, 5.00 EUR a month
    .now('2026-01-01T00:00:00Z', { frozen: true })
    .account({ currency: 'EUR', balance: 3 }) // REF-ACCT-1: short of one month
    .withKvm({ autoRenew: true, expiresAt: '2026-02-01T00:00:00Z' }) // REF-SVC-1
    .key(['services:read', 'finance:read']),
});

const client = () => new RefClient({ apiKey: ref.apiKey, baseUrl: ref.baseUrl });

describe('unpaidRenewals', () => {
  it('finds nothing while the term runs', async () => {
    expect(await unpaidRenewals(client())).toEqual([]);
  });

  it('reports the service a renewal could not be paid for', async () => {
    const { applied } = await ref.clock.advance({ months: 1 });
    expect(applied.map((event) => event.kind)).toEqual(['service_suspension']);
    expect(await unpaidRenewals(client())).toEqual([
      {
        serviceRef: 'REF-SVC-1',
        invoiceRef: expect.stringMatching(/^REF-INV-/),
        amount: 5,
        currency: 'EUR',
      },
    ]);
  });

  it('reports nothing once a top-up settled the renewal', async () => {
    await ref.clock.advance('P1M');
    await ref.topUp('REF-ACCT-1', 10);
    expect(await unpaidRenewals(client())).toEqual([]);
    const service = (await client().services.get('REF-SVC-1')).service;
    expect(service.status).toBe('active');
  });
});
