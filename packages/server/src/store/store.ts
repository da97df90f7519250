import type { AuthenticatedKey } from '../domain/auth';
import { DomainError } from '../domain/errors';
import type { Rates } from '../domain/money';
import { recordCodecs } from '../domain/record-codec';
import {
  type AccountRecordKind,
  type RecordKind,
  type RecordOf,
  recordSchemas,
  refFields,
} from '../domain/records';
import { isoTime } from '../internal/iso-time';
import type { JsonPiece } from '../internal/json-pieces';
import type { Scenario, ScenarioAccount, ScenarioPlan } from '../scenario/schema';
import {
  buildState,
  emptyState,
  forkState,
  type ScenarioTrust,
  type StoreState,
} from './build-state';
import type { Partition } from './partition';
import type { RefTable } from './ref-table';
import { WriteLock } from './write-lock';

/** One record written by a commit: created when its ref is new, replaced otherwise. */
export type Change = {
  [K in RecordKind]: { readonly kind: K; readonly record: RecordOf<K> };
}[RecordKind];

/** A committed group of changes, as reported to {@link Store.onCommit} listeners. */
export interface CommittedMutation {
  /** Server time of the commit (ISO). */
  readonly at: string;
  readonly changes: readonly Change[];
  /** The records the changes replaced, index for index (undefined for new records). */
  readonly replaced: ReadonlyArray<RecordOf<RecordKind> | undefined>;
}

const refOf = (change: Change): string =>
  (change.record as unknown as Record<string, string>)[refFields[change.kind]] as string;

/** A partition in scenario form: the account with its keys and records. */
function exportAccount(partition: Partition): ScenarioAccount {
  const { services, invoices, orders, transactions } = recordCodecs;
  // Keys before the balance, as documents have always been written.
  const { balance, ...account } = recordCodecs.accounts.toJson(partition.account);
  return {
    ...account,
    api_keys: partition.apiKeys,
    balance,
    services: partition.services.values().map((record) => services.toJson(record)),
    invoices: partition.invoices.values().map((record) => invoices.toJson(record)),
    orders: partition.orders.values().map((record) => orders.toJson(record)),
    transactions: partition.transactions.values().map((record) => transactions.toJson(record)),
  };
}

/** A record's JSON text, as the state file keeps it. */
const textOf =
  <K extends RecordKind>(kind: K) =>
  (record: RecordOf<K>): string =>
    JSON.stringify(recordCodecs[kind].toJson(record));

// Pieces of one text, never joined here: joining each list, then each account, then the
// accounts, copied a 35 MB state four times over (the state file writes the pieces as
// they are). Asked for where the whole state is serialized again and again (compactions,
// snapshot budgets), mostly records unchanged since the last time: each table keeps its
// full blocks encoded (`RefTable.jsonBlocks`), so only records new or replaced since the
// last export are serialized and encoded (`bench state`: a compaction of a 32 MB state
// takes ~0.1x the CPU of `JSON.stringify` written the same way).
function pushList<K extends RecordKind>(
  parts: JsonPiece[],
  kind: K,
  table: RefTable<RecordOf<K>>,
): void {
  parts.push(`"${kind}":[`);
  const blocks = table.jsonBlocks(textOf(kind));
  for (let i = 0; i < blocks.length; i++) {
    if (i > 0) parts.push(',');
    parts.push(blocks[i] as JsonPiece);
  }
  parts.push(']');
}

/** {@link exportAccount} as JSON text, byte for byte, from the records' kept texts. */
function pushAccount(parts: JsonPiece[], partition: Partition): void {
  const { balance, ...account } = recordCodecs.accounts.toJson(partition.account);
  // Never `{}`: `api_keys` is always there, so the lists follow a member.
  const head = JSON.stringify({ ...account, api_keys: partition.apiKeys, balance });
  parts.push(head.slice(0, -1));
  for (const kind of ['services', 'invoices', 'orders', 'transactions'] as const) {
    parts.push(',');
    pushList(parts, kind, partition.table(kind));
  }
  parts.push('}');
}

/**
 * The server's records, partitioned per account in ref tables (the records and their read
 * index at once), written only through {@link Store.commit}: validated against the record
 * schemas, then visible all at once. Mutations that read, check, then commit run inside
 * {@link Store.write}, which serializes them. Records are never changed in place: a commit
 * replaces them, which is what lets a reset share the loaded scenario's records.
 *
 * Every write costs O(records written), whatever the account holds: no scan, no copy of a
 * list (an earlier design kept @msw/data collections beside the tables, write-only, whose
 * update deep-cloned the record and scanned the collection, so an order cost O(API keys)).
 */
export class Store {
  #state: StoreState = emptyState();
  readonly #lock = new WriteLock();
  readonly #listeners = new Set<(mutation: CommittedMutation) => void>();
  readonly #watchers = new Set<(changes: readonly Change[]) => void>();

  constructor(private readonly nowMs: () => number) {}

  /** Exchange rates (per EUR) of the loaded scenario. */
  get rates(): Rates {
    return this.#state.rates;
  }

  /** Plans, by ref. */
  get plans() {
    return this.#state.plans;
  }

  /** The partition of an account, or undefined. */
  partition(accountRef: string): Partition | undefined {
    return this.#state.partitions.get(accountRef);
  }

  /**
   * The current partition of an account, for use inside {@link Store.write}: a scenario
   * load may have replaced the one an operation received while it waited for the lock.
   */
  livePartition(accountRef: string): Partition {
    const partition = this.#state.partitions.get(accountRef);
    if (partition === undefined) throw new DomainError(401, 'invalid_api_key');
    return partition;
  }

  /** Every partition, in scenario order. */
  partitions(): Partition[] {
    return [...this.#state.partitions.values()];
  }

  /** The key a bearer token belongs to (constant-time digest comparison), or undefined. */
  authenticate(token: string | undefined): AuthenticatedKey | undefined {
    return this.#state.keys.authenticate(token);
  }

  /**
   * The identity of the current key set: the same object until a scenario load swaps the
   * keys (resets of the same scenario keep them), for answers cached per request.
   */
  keySet(): object {
    return this.#state.keys;
  }

  /**
   * Makes the next reference of each kind come after `refs` (after REF-SVC-31F, REF-SVC-320):
   * a replay mints the references its recording's writes were given.
   */
  observeRefs(refs: Iterable<string>): void {
    for (const ref of refs) this.#state.refs.observe(ref);
  }

  /** A fresh reference of `kind` (e.g. `INV`), above every existing one. */
  nextRef(kind: string): string {
    return this.#state.refs.next(kind);
  }

  /** Runs a read-check-commit sequence exclusively (one writer at a time, FIFO). */
  write<T>(fn: () => T | Promise<T>): Promise<T> {
    return this.#lock.run(fn);
  }

  /**
   * Replaces all data with a scenario (built aside, then swapped in at once). Resets do not
   * come here: they restore the fork the control plane took after the load.
   * `trust` says whether its records still need validating (see {@link ScenarioTrust}).
   */
  async load(scenario: Scenario, startMs: number, trust: ScenarioTrust = 'checked'): Promise<void> {
    const next = buildState(scenario, startMs, trust);
    await this.#lock.run(() => {
      this.#state = next;
    });
  }

  /** The records as they are now, shared copy-on-write (O(accounts)): what {@link restore} takes. */
  fork(): StoreState {
    return forkState(this.#state);
  }

  /** Puts a {@link fork} back (forked again: the fork stays as it was). */
  restore(fork: StoreState): void {
    this.#state = forkState(fork);
  }

  /** Subscribes to committed mutations (the hook point of the write-ahead log). */
  onCommit(listener: (mutation: CommittedMutation) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Calls `watcher` with the changes of every commit once they are visible, without what
   * they replaced (which {@link onCommit} listeners make every commit look up): the clock's
   * schedule of due events follows the records through this.
   */
  onChanges(watcher: (changes: readonly Change[]) => void): () => void {
    this.#watchers.add(watcher);
    return () => this.#watchers.delete(watcher);
  }

  /**
   * Writes changes atomically: validated first against the record schemas (nothing is
   * written when one is invalid), then made visible together.
   */
  async commit(changes: readonly Change[]): Promise<void> {
    const stored = changes.map(
      (change) =>
        ({ kind: change.kind, record: recordSchemas[change.kind].parse(change.record) }) as Change,
    );
    return this.#commitValid(stored, true);
  }

  /**
   * Writes records an operation built itself, atomically as {@link commit} does, without
   * parsing them again: they are validated where they are built (typed as the record
   * schemas' output, from records and inputs already validated), and their refs are ones
   * {@link nextRef} handed out or records already held. Records from elsewhere (a
   * write-ahead log, a document) go through {@link commit}.
   */
  commitBuilt(changes: readonly Change[]): Promise<void> {
    return this.#commitValid(changes, false);
  }

  /**
   * {@link commitBuilt} at once, without its microtask: for a writer inside {@link write}
   * that commits many changes in a row (the clock's catch-up applies a year of renewals one
   * commit each; a promise and a turn per commit were a third of its time).
   */
  commitBuiltNow(changes: readonly Change[]): void {
    this.#publishAll(this.#state, changes, false);
  }

  /** `foreignRefs`: the records may carry refs the allocator has not handed out itself. */
  async #commitValid(stored: readonly Change[], foreignRefs: boolean): Promise<void> {
    const state = this.#state;
    // Published a microtask later: a caller never sees a commit before awaiting it.
    await undefined;
    this.#publishAll(state, stored, foreignRefs);
  }

  #publishAll(state: StoreState, stored: readonly Change[], foreignRefs: boolean): void {
    // What the changes replace matters only to a listener (the write-ahead log): an
    // in-memory server skips the lookups.
    const replaced =
      this.#listeners.size === 0 ? undefined : stored.map((change) => this.#current(state, change));
    // Synchronous from here: the whole commit becomes visible in one step.
    for (const change of stored) {
      // Records replayed from a journal carry refs the allocator has not handed out itself.
      if (foreignRefs) state.refs.observe(refOf(change));
      this.#publish(state, change);
    }
    for (const watcher of this.#watchers) watcher(stored);
    if (replaced === undefined) return;
    const mutation = { at: isoTime(this.nowMs()), changes: stored, replaced };
    for (const listener of this.#listeners) listener(mutation);
  }

  /** The whole data set in scenario form (without clock and idempotency records). */
  exportRecords(): Pick<Scenario, 'rates'> & {
    plans: ScenarioPlan[];
    accounts: ScenarioAccount[];
  } {
    const state = this.#state;
    return {
      rates: { EUR: state.rates.EUR, USD: state.rates.USD, GBP: state.rates.GBP },
      plans: state.plans.values().map((plan) => recordCodecs.plans.toJson(plan)),
      accounts: [...state.partitions.values()].map(exportAccount),
    };
  }

  /**
   * {@link Store.exportRecords} as the JSON members it serializes to (no braces), byte for
   * byte, in pieces to be written one after another (joined, they are the text); each
   * table's texts kept for the next time (see `RefTable.jsonBlocks`).
   */
  exportRecordsPieces(): JsonPiece[] {
    const state = this.#state;
    const { EUR, USD, GBP } = state.rates;
    const parts: JsonPiece[] = [`"rates":${JSON.stringify({ EUR, USD, GBP })},`];
    pushList(parts, 'plans', state.plans);
    parts.push(',"accounts":[');
    let first = true;
    for (const partition of state.partitions.values()) {
      if (!first) parts.push(',');
      first = false;
      pushAccount(parts, partition);
    }
    parts.push(']');
    return parts;
  }

  #partitionOf(state: StoreState, change: Change): Partition {
    const accountRef =
      change.kind === 'accounts'
        ? change.record.account_ref
        : (change.record as { account_ref?: string }).account_ref;
    const partition = accountRef === undefined ? undefined : state.partitions.get(accountRef);
    if (partition === undefined) throw new Error(`commit: unknown account ${String(accountRef)}`);
    return partition;
  }

  #current(state: StoreState, change: Change): RecordOf<RecordKind> | undefined {
    if (change.kind === 'accounts') return state.partitions.get(change.record.account_ref)?.account;
    if (change.kind === 'plans') return state.plans.get(change.record.plan_ref);
    return this.#partitionOf(state, change).table(change.kind).get(refOf(change));
  }

  #publish(state: StoreState, change: Change): void {
    if (change.kind === 'accounts') {
      this.#partitionOf(state, change).account = change.record;
    } else if (change.kind === 'plans') {
      state.plans.set(change.record.plan_ref, change.record);
    } else {
      const kind: AccountRecordKind = change.kind;
      this.#partitionOf(state, change).table(kind).set(refOf(change), change.record);
    }
  }
}
