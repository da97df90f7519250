import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { type CommittedMutation, createReferenceServer, ScenarioError } from '../src/index';
import { scenario } from '../src/testing/scenario-builder';

const doc = scenario()
  .now('2026-01-01T00:00:00Z', { frozen: true })
  .plan()
  .account()
  .key(['*'], { token: 'refak_rs' })
  .build();
const auth = { authorization: 'Bearer refak_rs' };

describe('createReferenceServer', () => {
  it('serves msw handlers on any base URL, including its admin API on that origin', async () => {
    const server = createReferenceServer({
      scenario: doc,
      baseUrl: 'http://mock.test/api/v1',
      adminToken: 'adm-token-1',
    });
    const msw = setupServer(...server.handlers);
    msw.listen({ onUnhandledFrame: 'error' });
    try {
      const me = await fetch('http://mock.test/api/v1/me', { headers: auth });
      expect([me.status, (await me.json()).account_ref]).toEqual([200, 'REF-ACCT-1']);
      expect((await fetch('http://mock.test/v1/me', { headers: auth })).status).toBe(404);
      const clock = await fetch('http://mock.test/__admin/clock', {
        method: 'POST',
        headers: { authorization: 'Bearer adm-token-1', 'content-type': 'application/json' },
        body: JSON.stringify({ advance_seconds: 60 }),
      });
      expect(await clock.json()).toEqual({
        now: '2026-01-01T00:01:00.000Z',
        frozen: true,
        applied: [],
      });
    } finally {
      msw.close();
    }
  });

  it('offers an in-process fetch, a start-time override and a commit hook', async () => {
    const server = createReferenceServer({ scenario: doc, now: '2030-05-05T00:00:00Z' });
    const commits: CommittedMutation[] = [];
    server.store.onCommit((mutation) => commits.push(mutation));
    const res = await server.fetch(`${server.baseUrl}/orders`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': 'k1', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'kvm', plan_code: 'kvm-s' }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).server_time).toBe('2030-05-05T00:00:00.000Z');
    expect(commits).toHaveLength(1);
    expect(commits[0]?.changes.map((c) => c.kind).sort()).toEqual([
      'accounts',
      'invoices',
      'orders',
      'plans',
      'services',
      'transactions',
    ]);
  });

  it('rejects an invalid scenario at once, naming the path', () => {
    expect(() => createReferenceServer({ scenario: { plans: [{ plan_ref: 'PLAN-1' }] } })).toThrow(
      ScenarioError,
    );
    expect(() =>
      createReferenceServer({ scenario: { rates: { EUR: 1, USD: 0, GBP: 1 } } }),
    ).toThrow('invalid_scenario: rates.USD: must be greater than 0');
  });

  it('rejects at once renewal terms time could not have written, naming the path', () => {
    const withService = (extra: Record<string, unknown>) => {
      const document = scenario()
        .now('2026-01-01T00:00:00Z', { frozen: true })
        .plan({ code: 'kvm-s', price_eur: 5 })
        .account()
        .withKvm({ autoRenew: true, expiresAt: '2026-02-01' })
        .key(['*'], { token: 'refak_rs' })
        .build();
      Object.assign(document.accounts?.[0]?.services?.[0] ?? {}, extra);
      return () => createReferenceServer({ scenario: document });
    };
    expect(withService({ ordered_addons: 'x' })).toThrow(
      new ScenarioError('accounts[0].services[0].ordered_addons', 'must be array'),
    );
    expect(withService({ status: 'suspended', renewal_invoice_ref: 'REF-INV-9' })).toThrow(
      new ScenarioError(
        'accounts[0].services[0].renewal_invoice_ref',
        'names no invoice of the account',
      ),
    );
    expect(withService({ last_period_amount: 0 })).toThrow(ScenarioError);
  });

  it("refuses a start time the clock cannot hold, as a scenario's now is refused", () => {
    expect(() => createReferenceServer({ now: '9990-01-01T00:00:00Z' })).toThrow(
      "invalid now: 9990-01-01T00:00:00Z: must be from 0000-01-01T00:00:00.000Z to 9989-12-31T23:59:59.999Z, the clock's last instant",
    );
    expect(() => createReferenceServer({ now: -62_167_219_200_001 })).toThrow(RangeError);
    expect(() => createReferenceServer({ now: 'soon' })).toThrow('invalid now: soon');
  });

  it('refuses at once a start with more than 100,000 events already due, as one clock move would be', () => {
    const builder = scenario()
      .now('2026-01-01T00:00:00Z', { frozen: true })
      .plan({ code: 'kvm-s', price_eur: 5 })
      .account();
    for (let i = 0; i < 10; i++) builder.withKvm({ autoRenew: true, expiresAt: '2026-02-01' });
    const renewing = builder.key(['*'], { token: 'refak_rs' }).build();
    // Started a thousand years on, each KVM has 12,000 monthly renewals due: the ninth passes.
    expect(() =>
      createReferenceServer({ scenario: renewing, now: '3026-01-01T00:00:00Z' }),
    ).toThrow(
      new ScenarioError(
        'accounts[0].services[8].expires_at',
        'the events already due when the scenario loads add up to more than 100000, the most one clock move applies',
      ),
    );
  });

  it('rejects a malformed Shield snapshot at once, naming its path; a valid one serves Shield', async () => {
    const shield = {
      version: 1,
      infrastructure_since: '2025-12-01T00:00:00.000Z',
      rules: [],
      profiles: [{ service_ref: 'REF-SVC-1', code: 'default', version: '1', requested_at: 0 }],
      next_seq: 1,
    };
    expect(() => createReferenceServer({ scenario: { ...doc, extensions: { shield } } })).toThrow(
      new ScenarioError('extensions.shield.profiles[0].bundle_id', 'is required'),
    );
    expect(() =>
      createReferenceServer({ scenario: { ...doc, extensions: { shield: { version: 2 } } } }),
    ).toThrow('invalid_scenario: extensions.shield.version: must be one of 1');

    const withShield = scenario()
      .now('2026-01-01T00:00:00Z', { frozen: true })
      .account()
      .withShield('active')
      .withKvm({ serviceRef: 'REF-SVC-1', ip: '203.0.113.10' })
      .key(['*'], { token: 'refak_rs' })
      .build();
    const server = createReferenceServer({
      scenario: {
        ...withShield,
        extensions: { shield: { ...shield, profiles: [] }, later_module: [1] },
      },
    });
    const overview = await server.fetch(`${server.baseUrl}/services/REF-SVC-1/shield`, {
      headers: auth,
    });
    expect(overview.status).toBe(200);
    expect(server.admin.state().extensions).toEqual({
      shield: { ...shield, profiles: [] },
      later_module: [1],
    });
  });
});
