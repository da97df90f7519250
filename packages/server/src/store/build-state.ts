import { z } from 'zod';
import { linkSuspendingRenewals } from '../domain/account-time/renewal-link';
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
import { scenarioError } from '../scenario/validate';
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
 * How far to trust a scenario's records: `checked` when they are known valid (it went
 * through `parseScenario`, each record converted from a validated one, or it is a state
 * file this very build wrote), `unchecked` when it is our own export read back from a
 * state file of another build, so each record is validated against its record schema here.
 */
export type ScenarioTrust = 'checked' | 'unchecked';

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

/** `value` checked against `schema`, or a {@link ScenarioError} naming the first bad field under `path`. */
function check<T>(schema: z.ZodType<T>, value: unknown, path: readonly PropertyKey[]): T {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw scenarioError(result.error, path);
  return result.data;
}

function checked<K extends RecordKind>(
  kind: K,
  records: RecordOf<K>[],
  trust: ScenarioTrust,
  path: readonly PropertyKey[],
): RecordOf<K>[] {
  return trust === 'checked'
    ? records
    : (check(listSchemas[kind] as z.ZodType, records, path) as RecordOf<K>[]);
}

/** Builds a state from a scenario; `startMs` anchors generated dates. */
export function buildState(scenario: Scenario, startMs: number, trust: ScenarioTrust): StoreState {
  const state: StoreState = { ...emptyState(), rates: scenario.rates };
  observeAll(scenario, state.refs);
  const plans = checked(
    'plans',
    scenario.plans.map((plan) => recordCodecs.plans.toRecord(plan)),
    trust,
    ['plans'],
  );
  state.plans.setAll(plans, (record) => record.plan_ref);
  // Refs are allocated in document order, so generation stays deterministic.
  for (const [index, account] of scenario.accounts.entries()) {
    const generated = generateRecords(account, state.refs, startMs);
    const partition = buildPartition(account, generated, trust, ['accounts', index]);
    (state.partitions as Map<string, Partition>).set(partition.accountRef, partition);
    state.keys.add(account.account_ref, partition.apiKeys);
  }
  return state;
}

function buildPartition(
  account: ScenarioAccount,
  generated: GeneratedRecords,
  trust: ScenarioTrust,
  path: readonly PropertyKey[],
): Partition {
  const converted = recordCodecs.accounts.toRecord(account);
  const record = trust === 'checked' ? converted : check(recordSchemas.accounts, converted, path);
  const apiKeys =
    trust === 'checked'
      ? account.api_keys
      : check(ApiKeyList, account.api_keys, [...path, 'api_keys']);
  const partition = new Partition(record as AccountRecord, [...apiKeys]);
  const fillKind = <K extends AccountRecordKind>(
    kind: K,
    listed: readonly JsonOf<K>[],
    extra: readonly RecordOf<K>[],
  ) => fill(partition, kind, listed, extra, trust, [...path, kind]);
  // A service a scenario suspended by its unpaid renewal, written without the server's link.
  const services = linkSuspendingRenewals(account.services, account.invoices);
  fillKind('services', [...services, ...generated.services], []);
  fillKind('invoices', account.invoices, generated.invoices);
  fillKind('orders', account.orders, []);
  fillKind('transactions', account.transactions, generated.transactions);
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
  path: readonly PropertyKey[],
): void {
  const codec = recordCodecs[kind];
  const ref = partition.accountRef;
  const records = checked(
    kind,
    listed.map((item) => codec.toRecord(item, ref)),
    trust,
    path,
  );
  for (const record of generated) records.push(record);
  partition.table(kind).setAll(records, refOf[kind]);
}
