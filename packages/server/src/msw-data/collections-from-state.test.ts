import { OperationError } from '@msw/data';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ScenarioError } from '../scenario/validate';
import { createReferenceServer } from '../transport/node/reference-server';
import { collectionsFromState, createRefCollections } from './collections-from-state';

async function demoState() {
  const server = createReferenceServer();
  await server.ready;
  return server.admin.state();
}

describe('collectionsFromState', () => {
  it('holds every record of the state, in document order, children with their account', async () => {
    const state = await demoState();
    const db = await collectionsFromState(state);

    expect(db.plans.all().map((p) => p.plan_ref)).toEqual(state.plans.map((p) => p.plan_ref));
    expect(db.accounts.all().map((a) => a.account_ref)).toEqual(
      state.accounts.map((a) => a.account_ref),
    );
    for (const kind of ['services', 'invoices', 'orders', 'transactions'] as const) {
      const listed = state.accounts.flatMap((account) =>
        account[kind].map((record) => ({ ...record, account_ref: account.account_ref })),
      );
      expect(db[kind].all(), kind).toEqual(listed);
    }
    // The account record is the account without its child lists; keys stay on it.
    const { services, invoices, orders, transactions, ...eur } = state.accounts[0] ?? {};
    expect(db.accounts.findFirst()).toEqual(eur);
  });

  it('answers @msw/data queries: findFirst, findMany with where, predicates, pagination', async () => {
    const db = await collectionsFromState(await demoState());

    const gbp = db.accounts.findFirst((q) => q.where({ account_currency: 'GBP' }));
    expect(gbp?.shield?.status).toBe('grace');
    expectTypeOf(gbp?.balance).toEqualTypeOf<number | undefined>();

    const kvms = db.services.findMany((q) =>
      q.where({ account_ref: 'REF-ACCT-1', type: 'kvm', reseller: false }),
    );
    expect(kvms.length).toBeGreaterThan(0);
    expect(kvms.every((s) => s.type === 'kvm' && s.account_ref === 'REF-ACCT-1')).toBe(true);

    const outOfStock = db.plans.findFirst((q) => q.where({ stock: (stock) => stock === 0 }));
    expect(outOfStock?.code).toBe('kvm-m');

    const large = db.invoices.findMany((q) =>
      q.where({ account_ref: 'REF-ACCT-2' }).or({ amount: (amount) => amount >= 10 }),
    );
    expect(large.length).toBeGreaterThan(0);
    expect(large).toEqual(
      db.invoices.all().filter((i) => i.account_ref === 'REF-ACCT-2' || i.amount >= 10),
    );

    const page = db.transactions.findMany(undefined, { take: 2, orderBy: { created_at: 'desc' } });
    expect(page).toHaveLength(2);
  });

  it('takes a scenario whose records are listed, refusing records still to generate', async () => {
    const listed = await collectionsFromState({
      accounts: [
        {
          account_ref: 'REF-ACCT-7',
          email: 'a@example.test',
          first_name: 'A',
          last_name: 'B',
          country_code: 'DE',
          account_currency: 'EUR',
          preferred_locale: 'en-GB',
          status: 'active',
          balance: 5,
          generate: { invoices: 0 },
        },
      ],
    });
    // Defaults of the scenario schema applied.
    expect(listed.accounts.findFirst()).toMatchObject({ vat_rate: 0, api_keys: [], shield: null });

    const state = await demoState();
    const withGenerated = {
      ...state,
      accounts: state.accounts.map((a, i) => (i === 1 ? { ...a, generate: { invoices: 3 } } : a)),
    };
    await expect(collectionsFromState(withGenerated)).rejects.toThrow(
      new ScenarioError(
        'accounts[1].generate',
        'collectionsFromState takes records as listed: load the scenario into a server and pass its state()',
      ),
    );
  });

  it('refuses an invalid state naming its path', async () => {
    await expect(
      collectionsFromState({ accounts: [{ account_ref: 'x' }] } as never),
    ).rejects.toThrow(/^invalid_scenario: accounts\[0\]\.account_ref: /);
  });
});

describe('createRefCollections', () => {
  it('validates created records with the scenario schemas', async () => {
    const db = createRefCollections();
    const service = await db.services.create({
      account_ref: 'REF-ACCT-1',
      service_ref: 'REF-SVC-1',
      name: 'web',
      service_plan_name: 'KVM S',
      type: 'kvm',
      status: 'active',
      auto_renew: true,
    });
    expect(service.reseller).toBe(false);

    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(
        db.invoices.create({ account_ref: 'REF-ACCT-1' } as never),
      ).rejects.toBeInstanceOf(OperationError);
    } finally {
      quiet.mockRestore();
    }
  });
});
