import { z } from 'zod';
import { KeyRing } from '../domain/auth';
import type { Rates } from '../domain/money';
import { type JsonOf, recordCodecs } from '../domain/record-codec';
import {
  type AccountRecord,
  type AccountRecordKind,
  type PlanRecord,
  type RecordKind,
  type RecordOf,
  recordSchemas,
} from '../domain/records';
import { RefAllocator } from '../domain/refs';
import { type GeneratedRecords, generateRecords } from '../scenario/generate';
import { type Scenario, type ScenarioAccount, ScenarioApiKey } from '../scenario/schema';
import { Partition } from './partition';
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

// One parse per list, not per record: at 100k records zod's per-call setup is most of it.
const listSchemas = {
  accounts: z.array(recordSchemas.accounts),
  plans: z.array(recordSchemas.plans),
  services: z.array(recordSchemas.services),
  invoices: z.array(recordSchemas.invoices),
  orders: z.array(recordSchemas.orders),
  transactions: z.array(recordSchemas.transactions),
};

const ApiKeyList = z.array(ScenarioApiKey);

function checked<K extends RecordKind>(
  kind: K,
  records: RecordOf<K>[],
  trust: ScenarioTrust,
): RecordOf<K>[] {
  return trust === 'parsed' ? records : (listSchemas[kind].parse(records) as RecordOf<K>[]);
}

/** Builds a state from a scenario; `startMs` anchors generated dates. */
export function buildState(scenario: Scenario, startMs: number, trust: ScenarioTrust): StoreState {
  const state: StoreState = { ...emptyState(), rates: scenario.rates };
  observeAll(scenario, state.refs);
  const plans = checked(
    'plans',
    scenario.plans.map((plan) => recordCodecs.plans.toRecord(plan)),
    trust,
  );
  state.plans.setAll(plans.map((record) => [record.plan_ref, record] as const));
  // Refs are allocated in document order, so generation stays deterministic.
  for (const account of scenario.accounts) {
    const generated = generateRecords(account, state.refs, startMs);
    const partition = buildPartition(account, generated, trust);
    (state.partitions as Map<string, Partition>).set(partition.accountRef, partition);
    state.keys.add(account.account_ref, partition.apiKeys);
  }
  return state;
}

function buildPartition(
  account: ScenarioAccount,
  generated: GeneratedRecords,
  trust: ScenarioTrust,
): Partition {
  const [record] = checked('accounts', [recordCodecs.accounts.toRecord(account)], trust);
  const apiKeys = trust === 'parsed' ? account.api_keys : ApiKeyList.parse(account.api_keys);
  const partition = new Partition(record as AccountRecord, [...apiKeys]);
  fill(partition, 'services', [...account.services, ...generated.services], [], trust);
  fill(partition, 'invoices', account.invoices, generated.invoices, trust);
  fill(partition, 'orders', account.orders, [], trust);
  fill(partition, 'transactions', account.transactions, generated.transactions, trust);
  return partition;
}

const refOf: { [K in AccountRecordKind]: (record: RecordOf<K>) => string } = {
  services: (record) => record.service_ref,
  invoices: (record) => record.invoice_ref,
  orders: (record) => record.order_ref,
  transactions: (record) => record.transaction_ref,
};

/** Fills a table: the scenario's records converted (and checked), then the generated ones. */
function fill<K extends AccountRecordKind>(
  partition: Partition,
  kind: K,
  listed: readonly JsonOf<K>[],
  generated: readonly RecordOf<K>[],
  trust: ScenarioTrust,
): void {
  const codec = recordCodecs[kind];
  const ref = partition.accountRef;
  const records = checked(
    kind,
    listed.map((item) => codec.toRecord(item, ref)),
    trust,
  );
  for (const record of generated) records.push(record);
  const refOfKind = refOf[kind];
  partition.table(kind).setAll(records.map((record) => [refOfKind(record), record] as const));
}
