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
import { type PlanRecord, type RecordKind, type RecordOf, recordSchemas } from './records';
import { RefTable } from './ref-table';

/** One complete generation of the server's data, swapped in whole by a load or reset. */
export interface StoreState {
  readonly partitions: ReadonlyMap<string, Partition>;
  readonly plans: RefTable<PlanRecord>;
  readonly rates: Rates;
  /** Immutable once built: forks share it. */
  readonly keys: KeyRing;
  readonly refs: RefAllocator;
}

/** An empty state (before the first scenario is loaded). */
export function emptyState(): StoreState {
  return {
    partitions: new Map(),
    plans: new RefTable(),
    rates: { EUR: 1, USD: 1, GBP: 1 },
    keys: new KeyRing(),
    refs: new RefAllocator(),
  };
}

/** A state with the same records as `state`, sharing them until either side writes: O(accounts). */
export function forkState(state: StoreState): StoreState {
  const partitions = new Map<string, Partition>();
  for (const [ref, partition] of state.partitions) partitions.set(ref, partition.fork());
  return {
    partitions,
    plans: state.plans.fork(),
    rates: state.rates,
    keys: state.keys,
    refs: state.refs.clone(),
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
 * How far to trust a scenario's records: `parsed` when it went through `parseScenario`
 * (each record converted from a validated one), `raw` when it is our own export read
 * back from a state file, so each record is validated against its record schema here.
 */
export type ScenarioTrust = 'parsed' | 'raw';

type Convert<K extends RecordKind> = (value: RecordOf<K>) => RecordOf<K>;
const identity = <T>(value: T): T => value;
const checker = <K extends RecordKind>(kind: K, trust: ScenarioTrust): Convert<K> =>
  trust === 'parsed' ? identity : (value) => recordSchemas[kind].parse(value) as RecordOf<K>;

/** Builds a state from a scenario; `startMs` anchors generated dates. */
export function buildState(scenario: Scenario, startMs: number, trust: ScenarioTrust): StoreState {
  const state: StoreState = { ...emptyState(), rates: scenario.rates };
  observeAll(scenario, state.refs);
  const plan = checker('plans', trust);
  state.plans.setAll(
    scenario.plans.map((p) => {
      const record = plan(planRecord(p));
      return [record.plan_ref, record] as const;
    }),
  );
  // Refs are allocated in document order, so generation stays deterministic.
  for (const account of scenario.accounts) {
    const generated = generateRecords(account, state.refs, startMs);
    const partition = buildPartition(account, generated, trust);
    (state.partitions as Map<string, Partition>).set(partition.accountRef, partition);
    state.keys.add(account.account_ref, account.api_keys);
  }
  return state;
}

function buildPartition(
  account: ScenarioAccount,
  generated: GeneratedRecords,
  trust: ScenarioTrust,
): Partition {
  const ref = account.account_ref;
  const partition = new Partition(checker('accounts', trust)(accountRecord(account)), [
    ...account.api_keys,
  ]);
  const service = checker('services', trust);
  const invoice = checker('invoices', trust);
  const order = checker('orders', trust);
  const transaction = checker('transactions', trust);
  partition.services.setAll(
    [...account.services, ...generated.services].map((s) => {
      const record = service(serviceRecord(s, ref));
      return [record.service_ref, record] as const;
    }),
  );
  const invoices = account.invoices.map((i) => invoice(invoiceRecord(i, ref)));
  for (const record of generated.invoices) invoices.push(record);
  partition.invoices.setAll(invoices.map((r) => [r.invoice_ref, r] as const));
  partition.orders.setAll(
    account.orders.map((o) => {
      const record = order(orderRecord(o, ref));
      return [record.order_ref, record] as const;
    }),
  );
  const transactions = account.transactions.map((t) => transaction(transactionRecord(t, ref)));
  for (const record of generated.transactions) transactions.push(record);
  partition.transactions.setAll(transactions.map((r) => [r.transaction_ref, r] as const));
  return partition;
}
