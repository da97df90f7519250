import { Collection } from '@msw/data';
import { KeyRing } from '../domain/auth';
import type { Rates } from '../domain/money';
import { RefAllocator } from '../domain/refs';
import { type GeneratedRecords, generateRecords } from '../scenario/generate';
import type { Scenario, ScenarioAccount } from '../scenario/schema';
import {
  accountRecord,
  invoiceRecord,
  orderRecord,
  planRecord,
  serviceRecord,
  transactionRecord,
} from './from-scenario';
import { Partition } from './partition';
import { AccountRecord, PlanRecord } from './records';
import { RefTable } from './ref-table';
import { createAll } from './seed';

/** One complete, immutable-by-swap generation of the server's data. */
export interface StoreState {
  readonly partitions: ReadonlyMap<string, Partition>;
  readonly plans: RefTable<PlanRecord>;
  readonly accountCollection: Collection<typeof AccountRecord>;
  readonly planCollection: Collection<typeof PlanRecord>;
  readonly rates: Rates;
  readonly keys: KeyRing;
  readonly refs: RefAllocator;
}

/** An empty state (before the first scenario is loaded). */
export function emptyState(): StoreState {
  return {
    partitions: new Map(),
    plans: new RefTable(),
    accountCollection: new Collection({ schema: AccountRecord }),
    planCollection: new Collection({ schema: PlanRecord }),
    rates: { EUR: 1, USD: 1, GBP: 1 },
    keys: new KeyRing(),
    refs: new RefAllocator(),
  };
}

function observeAll(scenario: Scenario, refs: RefAllocator): void {
  for (const plan of scenario.plans) refs.observe(plan.plan_ref);
  for (const account of scenario.accounts) {
    refs.observe(account.account_ref);
    for (const s of account.services) refs.observe(s.service_ref);
    for (const i of account.invoices) refs.observe(i.invoice_ref);
    for (const o of account.orders) refs.observe(o.order_ref);
    for (const t of account.transactions) refs.observe(t.transaction_ref);
  }
}

/**
 * Builds a state from a validated scenario: records created through the @msw/data
 * collections (validated by the record schemas), indexes filled from what they return.
 * `startMs` anchors generated dates.
 */
export async function buildState(scenario: Scenario, startMs: number): Promise<StoreState> {
  const state: StoreState = { ...emptyState(), rates: scenario.rates };
  observeAll(scenario, state.refs);

  const plans = await createAll(state.planCollection, scenario.plans.map(planRecord));
  state.plans.setAll(plans.map((plan) => [plan.plan_ref, plan] as const));

  // Refs are allocated in document order first, so generation stays deterministic while
  // the partitions are then built concurrently.
  const generated = scenario.accounts.map((account) =>
    generateRecords(account, state.refs, startMs),
  );
  const partitions = await Promise.all(
    scenario.accounts.map((account, i) =>
      buildPartition(state, account, generated[i] as GeneratedRecords),
    ),
  );
  for (const partition of partitions) {
    (state.partitions as Map<string, Partition>).set(partition.accountRef, partition);
  }
  scenario.accounts.forEach((account) => {
    state.keys.add(account.account_ref, account.api_keys);
  });
  return state;
}

async function buildPartition(
  state: StoreState,
  account: ScenarioAccount,
  generated: GeneratedRecords,
): Promise<Partition> {
  const ref = account.account_ref;
  const [stored] = await createAll(state.accountCollection, [accountRecord(account)]);
  const partition = new Partition(stored as AccountRecord);
  const { collections } = partition;
  const [services, invoices, orders, transactions] = await Promise.all([
    createAll(
      collections.services,
      [...account.services, ...generated.services].map((s) => serviceRecord(s, ref)),
    ),
    createAll(
      collections.invoices,
      account.invoices.map((i) => invoiceRecord(i, ref)).concat(generated.invoices),
    ),
    createAll(
      collections.orders,
      account.orders.map((o) => orderRecord(o, ref)),
    ),
    createAll(
      collections.transactions,
      account.transactions.map((t) => transactionRecord(t, ref)).concat(generated.transactions),
    ),
  ]);
  partition.services.setAll(services.map((r) => [r.service_ref, r] as const));
  partition.invoices.setAll(invoices.map((r) => [r.invoice_ref, r] as const));
  partition.orders.setAll(orders.map((r) => [r.order_ref, r] as const));
  partition.transactions.setAll(transactions.map((r) => [r.transaction_ref, r] as const));
  return partition;
}
