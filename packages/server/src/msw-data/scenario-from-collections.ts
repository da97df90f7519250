import type { Scenario, ScenarioInput } from '../scenario/schema';
import { parseScenario, ScenarioError } from '../scenario/validate';
import { CHILD_KINDS, type FixtureInput, type FixtureKind } from './fixture-schemas';

/**
 * What `scenarioFromCollections` reads: anything with `all()` per record kind, such as the
 * collections of `collectionsFromState` or `createRefCollections`, or a suite's own
 * @msw/data collections whose records have the same fields.
 */
export type RefRecordSources = {
  readonly [K in FixtureKind]: { all(): ReadonlyArray<FixtureInput<K>> };
};

// Checked as a whole by parseScenario below.
type Children = Record<(typeof CHILD_KINDS)[number], object[]>;

/**
 * The scenario document of fixture collections: `base` (the state the collections came
 * from, or any scenario) with its plans and accounts replaced by the collections' records,
 * each child record back under the account its `account_ref` names, in collection order.
 * Its clock, rates, idempotency records and extensions are kept as they are. The result
 * is validated as `POST /__admin/scenario` validates it (a `ScenarioError` names the JSON
 * path); load it with `createReferenceServer({ scenario })`, the test kit's `scenario`
 * option, `admin.loadScenario()` or `POST /__admin/scenario`.
 * @example
 * const state = server.admin.state();
 * const db = await collectionsFromState(state);
 * await db.accounts.update((q) => q.where({ account_ref: 'REF-ACCT-1' }), {
 *   data(account) {
 *     account.balance = 0;
 *   },
 * });
 * await server.admin.loadScenario(scenarioFromCollections(db, state));
 */
export function scenarioFromCollections(
  collections: RefRecordSources,
  base: ScenarioInput = {},
): Scenario {
  const owners = new Map<string, Children>();
  const accounts = collections.accounts.all().map((account) => {
    const children: Children = { services: [], invoices: [], orders: [], transactions: [] };
    owners.set(account.account_ref, children);
    return { ...account, ...children };
  });
  for (const kind of CHILD_KINDS) {
    collections[kind].all().forEach((record, index) => {
      const { account_ref, ...fields } = record;
      const owner = owners.get(account_ref);
      if (owner === undefined) {
        throw new ScenarioError(
          `${kind}[${index}].account_ref`,
          `${account_ref} is not in the accounts collection`,
        );
      }
      owner[kind].push(fields);
    });
  }
  const plans = collections.plans.all().map((plan) => ({ ...plan }));
  return parseScenario({ ...base, plans, accounts });
}
