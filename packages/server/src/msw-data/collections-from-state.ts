import { Collection } from '@msw/data';
import type { ScenarioInput } from '../scenario/schema';
import { parseScenario, ScenarioError } from '../scenario/validate';
import { type FixtureKind, fixtureSchemas } from './fixture-schemas';

/** One @msw/data collection per record kind, typed by the scenario's record schemas. */
export type RefCollections = {
  readonly [K in FixtureKind]: Collection<(typeof fixtureSchemas)[K]>;
};

/**
 * Empty fixture collections, to fill with `create()` and turn into a scenario with
 * `scenarioFromCollections`.
 */
export function createRefCollections(): RefCollections {
  return {
    plans: new Collection({ schema: fixtureSchemas.plans }),
    accounts: new Collection({ schema: fixtureSchemas.accounts }),
    services: new Collection({ schema: fixtureSchemas.services }),
    invoices: new Collection({ schema: fixtureSchemas.invoices }),
    orders: new Collection({ schema: fixtureSchemas.orders }),
    transactions: new Collection({ schema: fixtureSchemas.transactions }),
  };
}

/**
 * Copies a state (`admin.state()`, `ref.state()`, the `GET /__admin/state` document, or
 * any scenario whose records are listed) into fixture collections, in document order:
 * each account's services, invoices, orders and transactions carry its `account_ref`.
 * The state is validated first (a `ScenarioError` names the JSON path); `now`, `rates`,
 * idempotency records and extensions stay in the state: pass it as the base of
 * `scenarioFromCollections`. Every record is copied into arrays that @msw/data scans:
 * meant for fixtures of hundreds or thousands of records.
 * @example
 * const db = await collectionsFromState(server.admin.state());
 * db.services.findMany((q) => q.where({ account_ref: 'REF-ACCT-1', type: 'kvm' }));
 */
export async function collectionsFromState(state: ScenarioInput): Promise<RefCollections> {
  const scenario = parseScenario(state);
  const db = createRefCollections();
  for (const plan of scenario.plans) await db.plans.create(plan);
  for (const [index, entry] of scenario.accounts.entries()) {
    const { services, invoices, orders, transactions, generate, ...account } = entry;
    if (generate !== undefined && Object.values(generate).some((count) => count > 0)) {
      // Generated records exist only once a server has loaded the scenario.
      throw new ScenarioError(
        `accounts[${index}].generate`,
        'collectionsFromState takes records as listed: load the scenario into a server and pass its state()',
      );
    }
    await db.accounts.create(account);
    const owner = { account_ref: account.account_ref };
    // One create at a time keeps the document's order in each collection.
    for (const service of services) await db.services.create({ ...service, ...owner });
    for (const invoice of invoices) await db.invoices.create({ ...invoice, ...owner });
    for (const order of orders) await db.orders.create({ ...order, ...owner });
    for (const transaction of transactions) {
      await db.transactions.create({ ...transaction, ...owner });
    }
  }
  return db;
}
