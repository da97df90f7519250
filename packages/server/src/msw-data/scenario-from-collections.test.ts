import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../scenario/validate';
import { createReferenceServer, type ReferenceServer } from '../transport/node/reference-server';
import { collectionsFromState, createRefCollections } from './collections-from-state';
import { scenarioFromCollections } from './scenario-from-collections';

const EUR_KEY = { authorization: 'Bearer refak_demo_eur_full' };

async function demoServer(): Promise<ReferenceServer> {
  const server = createReferenceServer({ adminToken: 'adm-msw-data' });
  await server.ready;
  return server;
}

async function call(server: ReferenceServer, path: string, init: RequestInit = {}) {
  const res = await server.fetch(`${server.baseUrl}${path}`, init);
  return { status: res.status, body: await res.json() };
}

const post = (key: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { ...EUR_KEY, 'content-type': 'application/json', 'idempotency-key': key },
  body: JSON.stringify(body),
});

describe('scenarioFromCollections', () => {
  it('round-trips a state: state → collections → scenario → server → the same state', async () => {
    const server = await demoServer();
    // Something in every part of the state: a new order (records, idempotency) and a
    // Shield rule (extensions), on a frozen clock.
    expect(
      (await call(server, '/orders', post('o-1', { type: 'kvm', plan_code: 'kvm-s' }))).status,
    ).toBe(200);
    const rule = {
      name: 'dns',
      mode: 'enforce',
      action: 'drop',
      risk: 'low',
      protocol: 'udp',
      destination_port: 53,
    };
    expect(
      (await call(server, '/services/REF-SVC-101/shield/rules', post('r-1', rule))).status,
    ).toBe(202);
    server.admin.clock.freeze();
    const state = server.admin.state();
    expect(state.idempotency).toHaveLength(2);
    expect(state.extensions?.shield).toBeDefined();

    const scenario = scenarioFromCollections(await collectionsFromState(state), state);
    expect(scenario).toEqual(state);

    const loaded = createReferenceServer({ scenario });
    await loaded.ready;
    expect(loaded.admin.state()).toEqual(state);
  });

  it('serves a fixture changed in a collection once the scenario is loaded', async () => {
    const server = await demoServer();
    const state = server.admin.state();
    const db = await collectionsFromState(state);

    await db.accounts.update((q) => q.where({ account_ref: 'REF-ACCT-1' }), {
      data(account) {
        account.balance = 12.5;
      },
    });
    await db.services.update((q) => q.where({ service_ref: 'REF-SVC-101' }), {
      data(service) {
        service.name = 'renamed-by-msw-data';
        service.auto_renew = false;
      },
    });
    const [dropped] = db.invoices.findMany((q) => q.where({ account_ref: 'REF-ACCT-1' }), {
      take: 1,
    });
    if (dropped === undefined) throw new Error('the demo EUR account has invoices');
    db.invoices.delete(dropped);

    const res = await server.fetch(`${server.baseUrl.replace(/\/v1$/, '')}/__admin/scenario`, {
      method: 'POST',
      headers: { authorization: 'Bearer adm-msw-data', 'content-type': 'application/json' },
      body: JSON.stringify(scenarioFromCollections(db, state)),
    });
    expect(res.status).toBe(200);

    expect((await call(server, '/balance', { headers: EUR_KEY })).body.amount).toBe(12.5);
    const { body } = await call(server, '/services/REF-SVC-101', { headers: EUR_KEY });
    expect(body.service).toMatchObject({ name: 'renamed-by-msw-data', auto_renew: false });
    const invoices = await call(server, '/invoices?limit=100', { headers: EUR_KEY });
    const refs = invoices.body.invoices.map((i: { invoice_ref: string }) => i.invoice_ref);
    expect(refs).toHaveLength(
      db.invoices.findMany((q) => q.where({ account_ref: 'REF-ACCT-1' })).length,
    );
    expect(refs).not.toContain(dropped.invoice_ref);
  });

  it('builds a scenario from collections filled by hand', async () => {
    const db = createRefCollections();
    await db.accounts.create({
      account_ref: 'REF-ACCT-9',
      email: 'grace@example.test',
      first_name: 'Grace',
      last_name: 'Hopper',
      country_code: 'US',
      account_currency: 'USD',
      preferred_locale: 'en-US',
      status: 'active',
      balance: 20,
      api_keys: [{ token: 'refak_msw_data' }],
    });
    await db.services.create({
      account_ref: 'REF-ACCT-9',
      service_ref: 'REF-SVC-9',
      name: 'box',
      service_plan_name: 'Storage Box 1TB',
      type: 'storage_box',
      status: 'active',
      auto_renew: true,
    });

    const server = createReferenceServer({ scenario: scenarioFromCollections(db) });
    const headers = { authorization: 'Bearer refak_msw_data' };
    expect((await call(server, '/me', { headers })).body.account_ref).toBe('REF-ACCT-9');
    const { body } = await call(server, '/services', { headers });
    expect(body.services.map((s: { service_ref: string }) => s.service_ref)).toEqual(['REF-SVC-9']);
  });

  it('refuses what the server would refuse, naming the path', async () => {
    const state = (await demoServer()).admin.state();

    const orphan = await collectionsFromState(state);
    const [service] = orphan.services.all();
    await orphan.services.create({
      ...service!,
      service_ref: 'REF-SVC-999',
      account_ref: 'REF-ACCT-404',
    });
    expect(() => scenarioFromCollections(orphan, state)).toThrow(
      new ScenarioError(
        `services[${orphan.services.count() - 1}].account_ref`,
        'REF-ACCT-404 is not in the accounts collection',
      ),
    );

    // A record schema takes any number; the document's rules want whole cents.
    const cents = await collectionsFromState(state);
    await cents.invoices.update((q) => q.where({ account_ref: 'REF-ACCT-1' }), {
      data(invoice) {
        invoice.amount = 1.234;
      },
    });
    expect(() => scenarioFromCollections(cents, state)).toThrow(
      'invalid_scenario: accounts[0].invoices[0].amount: must have at most 2 decimals',
    );

    const duplicate = await collectionsFromState(state);
    await duplicate.services.create({ ...service!, account_ref: 'REF-ACCT-2' });
    expect(() => scenarioFromCollections(duplicate, state)).toThrow(
      /duplicates the reference at accounts\[0\]\.services\[0\]/,
    );
  });
});
