import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain/errors';
import { createReferenceServer } from '../transport/node/reference-server';
import { adminShieldTelemetry } from './admin-shield-telemetry';

const server = createReferenceServer();
const KEY = { authorization: 'Bearer refak_demo_eur_full' };
const path = (account: string, service: string, dataset: string) =>
  `/__admin/accounts/${account}/services/${service}/shield/${dataset}`;

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return [error.status, error.toBody().error];
    throw error;
  }
  return undefined;
};

describe('adminShieldTelemetry', () => {
  it('answers what the customer API answers for the same service and window', async () => {
    await server.ready;
    // Telemetry is per clock minute: a frozen clock keeps both answers in the same one.
    server.admin.clock.freeze(true);
    for (const [dataset, search] of [
      ['traffic', 'window_hours=24&group_by=protocol'],
      ['protection-activity', 'window_hours=6'],
    ] as const) {
      const customer = await server.fetch(
        `${server.baseUrl}/services/REF-SVC-101/shield/${dataset}?${search}`,
        { headers: KEY },
      );
      expect(customer.status).toBe(200);
      const viaAdmin = adminShieldTelemetry(
        server.admin,
        path('REF-ACCT-1', 'REF-SVC-101', dataset),
        search,
      );
      expect(viaAdmin.status).toBe(200);
      expect(JSON.parse(viaAdmin.body)).toEqual(await customer.json());
    }
  });

  it('refuses like the customer API: unknown, no Shield, inactive, bad query', async () => {
    await server.ready;
    const call =
      (account: string, service: string, search = '') =>
      () =>
        adminShieldTelemetry(server.admin, path(account, service, 'traffic'), search);
    expect(refusal(call('REF-ACCT-1', 'REF-SVC-999'))).toEqual([404, 'not_found']);
    expect(refusal(call('REF-ACCT-2', 'REF-SVC-101'))).toEqual([404, 'not_found']);
    expect(refusal(call('REF-ACCT-2', 'REF-SVC-201'))).toEqual([403, 'shield_advanced_required']);
    expect(refusal(call('REF-ACCT-1', 'REF-SVC-103'))).toEqual([409, 'service_not_active']);
    expect(refusal(call('REF-ACCT-1', 'REF-SVC-101', 'group_by=country'))).toEqual([
      400,
      'invalid_query: group_by',
    ]);
    expect(refusal(call('REF-ACCT-1', 'REF-SVC-101', 'window_hours=721'))).toEqual([
      400,
      'invalid_query: window_hours',
    ]);
  });

  it('refuses a repeated parameter like the customer API, on both datasets', async () => {
    await server.ready;
    for (const [dataset, search, name] of [
      ['traffic', 'window_hours=1&window_hours=2', 'window_hours'],
      ['traffic', 'group_by=protocol&group_by=country', 'group_by'],
      ['protection-activity', 'window_hours=1&window_hours=1', 'window_hours'],
    ] as const) {
      const customer = await server.fetch(
        `${server.baseUrl}/services/REF-SVC-101/shield/${dataset}?${search}`,
        { headers: KEY },
      );
      expect(await customer.json()).toEqual({ error: `invalid_query: ${name}` });
      const run = () =>
        adminShieldTelemetry(server.admin, path('REF-ACCT-1', 'REF-SVC-101', dataset), search);
      expect(refusal(run)).toEqual([400, `invalid_query: ${name}`]);
    }
  });
});

describe('GET /__admin/accounts/:account_ref/services/:service_ref/shield/…', () => {
  const url = (dataset: string, search = '') =>
    `https://api.ref.test${path('REF-ACCT-1', 'REF-SVC-101', dataset)}${search}`;
  const ADMIN = { authorization: `Bearer ${server.adminToken}` };

  it('answers the admin token, not a customer key', async () => {
    const ok = await server.fetch(url('traffic', '?window_hours=2&group_by=destination_port'), {
      headers: ADMIN,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ telemetry: 'traffic', group_by: 'destination_port' });
    const customer = await server.fetch(url('protection-activity'), { headers: KEY });
    expect(customer.status).toBe(401);
  });

  it('answers 404 to an account or service that is not valid percent-encoding', async () => {
    for (const [account, service] of [
      ['REF-ACCT-%E0%A4%A', 'REF-SVC-101'],
      ['REF-ACCT-1', '%ZZ'],
    ] as const) {
      const response = await server.fetch(
        `https://api.ref.test${path(account, service, 'traffic')}?window_hours=1`,
        { headers: ADMIN },
      );
      expect([response.status, await response.json()]).toEqual([404, { error: 'not_found' }]);
    }
  });

  it('is read-only: other methods get 405', async () => {
    const response = await server.fetch(url('traffic'), { method: 'POST', headers: ADMIN });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});
