import { AccountRef } from '@refapi/schema';
import type { z } from 'zod';
import { ScenarioAccount, ScenarioPlan, ScenarioService } from '../scenario/schema';

// The scenario document nests an account's records in the account; a collection is flat,
// so each child record carries its owner's `account_ref` (as the server's stored records
// do). Every shape is the scenario's own: a change there reaches the collections.
const owned = { account_ref: AccountRef };
const childOf = ScenarioAccount.shape;
const services = ScenarioService.extend(owned);

/**
 * The record schema of each fixture collection (zod 4, a Standard Schema as @msw/data
 * takes): a scenario plan; an account without its child records; a service, invoice,
 * order or ledger transaction with its `account_ref`. Amounts are the scenario's JSON
 * amounts (at most two decimals), not the server's cents.
 */
export const fixtureSchemas = {
  plans: ScenarioPlan,
  accounts: ScenarioAccount.omit({
    services: true,
    invoices: true,
    orders: true,
    transactions: true,
    generate: true,
  }),
  // Typed without the index signature of the API's loose Service, which @msw/data's `where`
  // types cannot take; the schema still keeps a service's other fields (`power_state`).
  services: services as unknown as z.ZodObject<typeof services.shape, z.core.$strip>,
  invoices: childOf.invoices.unwrap().element.extend(owned),
  orders: childOf.orders.unwrap().element.extend(owned),
  transactions: childOf.transactions.unwrap().element.extend(owned),
};

/** A fixture collection's name: `plans`, `accounts`, `services`, `invoices`, `orders`, `transactions`. */
export type FixtureKind = keyof typeof fixtureSchemas;

/** The child collections, whose records name their account by `account_ref`. */
export const CHILD_KINDS = ['services', 'invoices', 'orders', 'transactions'] as const;

/** A record of a fixture collection, as the collection holds it (defaults applied). */
export type Fixture<K extends FixtureKind> = z.output<(typeof fixtureSchemas)[K]>;

/** A record of a fixture collection as written (`create()`'s argument: defaults optional). */
export type FixtureInput<K extends FixtureKind> = z.input<(typeof fixtureSchemas)[K]>;
