// Time moves the account (reference spec, section 9): the schedule of what falls due and
// the catch-up that applies it. The rules are pure (`domain/account-time`); this keeps them
// in step with the records and commits each event as one atomic change, in due order.
import {
  applyServiceEvent,
  applyShieldGraceEnd,
  type ClockEvent,
  type EventWrites,
  renewalDescription,
} from '../domain/account-time/apply-event';
import { type Due, type DueKind, serviceDue, shieldDue } from '../domain/account-time/due';
import { serviceEventsBy, shieldEventsBy } from '../domain/account-time/move-bound';
import {
  type RenewalPrice,
  type RenewalPricing,
  renewalPricer,
} from '../domain/account-time/renewal-price';
import { topUp } from '../domain/account-time/top-up';
import type { Clock } from '../domain/clock';
import { DomainError } from '../domain/errors';
import type { AccountRecord, ServiceRecord, TransactionRecord } from '../domain/records';
import { isoTime } from '../internal/iso-time';
import { nodeBuiltin } from '../internal/node-builtin';
import type { Change, Store } from '../store/store';
import { type DueEntry, DueHeap } from './due-heap';

/** One event that will fall due, as `GET /__admin/clock` lists it. */
export interface NextEvent {
  readonly due_at: string;
  readonly kind: DueKind;
  readonly account_ref: string;
  readonly ref: string;
}

/** What one catch-up prices and describes once, not once per renewal. */
interface CatchUpMemo {
  readonly priceRenewal: (service: ServiceRecord, account: AccountRecord) => RenewalPricing;
  readonly describeRenewal: (service: ServiceRecord, price: RenewalPrice) => string;
}

/**
 * {@link renewalDescription} per service, while its name and price stay the same: a year of
 * monthly renewals builds each service's text once, and its twelve invoices share it.
 */
function renewalDescriber(): CatchUpMemo['describeRenewal'] {
  const known = new Map<string, { name: string; price: RenewalPrice; text: string }>();
  return (service, price) => {
    const last = known.get(service.service_ref);
    if (last !== undefined && last.name === service.name && last.price === price) return last.text;
    const text = renewalDescription(service, price);
    known.set(service.service_ref, { name: service.name, price, text });
    return text;
  };
}

// A long catch-up (a year of many services) gives the event loop a turn every so many
// events: the state file writes and syncs the lines of those applied so far meanwhile
// (instead of all at the end), and nothing else starves. Node's own setImmediate where there
// is one, not the global one a test suite's fake timers replace (under vi.useFakeTimers() a
// catch-up waited for the suite to advance them); browsers take a timer.
const EVENTS_PER_TURN = 1024;
const nodeTimers = nodeBuiltin<{ setImmediate(callback: () => void): unknown }>('node:timers');
const nextTurn = (): Promise<void> =>
  new Promise((resolve) => {
    if (nodeTimers === undefined) setTimeout(resolve, 0);
    else nodeTimers.setImmediate(resolve);
  });

export type { ClockEvent };

/** Events `GET /__admin/clock` lists. */
const NEXT_EVENTS = 20;

const isAccountRef = (ref: string): boolean => ref.startsWith('REF-ACCT-');

function changesOf(writes: EventWrites): Change[] {
  const changes: Change[] = [];
  for (const record of writes.invoices) changes.push({ kind: 'invoices', record });
  for (const record of writes.transactions) changes.push({ kind: 'transactions', record });
  if (writes.service !== undefined) changes.push({ kind: 'services', record: writes.service });
  if (writes.account !== undefined) changes.push({ kind: 'accounts', record: writes.account });
  return changes;
}

/**
 * The due events of one state (the root, or a space: each has its own clock and its own
 * schedule). `nextDueMs` is the earliest scheduled due time: a request compares the clock
 * with it and does nothing else unless something is due. The schedule follows every commit
 * (a record's due moment is derived from the record, `domain/account-time/due.ts`); after a
 * load or a restored fork it is rebuilt from the records at the next check.
 */
export class AccountTime {
  /** The earliest scheduled due time (−∞ while the schedule must be rebuilt, +∞ for none). */
  nextDueMs = Number.NEGATIVE_INFINITY;
  readonly #heap = new DueHeap();
  /** The due time each record is scheduled at now; heap entries that differ are stale. */
  readonly #dues = new Map<string, number>();
  #stale = true;
  readonly #listeners = new Set<(event: ClockEvent) => void>();
  #onNextDue: (() => void) | undefined;
  readonly #nextRef = (kind: 'INV' | 'TXN'): string => this.store.nextRef(kind);

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {
    store.onChanges((changes) => {
      if (this.#stale) return;
      for (const change of changes) {
        if (change.kind === 'services') {
          const { record } = change;
          this.#schedule(record.service_ref, record.account_ref, serviceDue(record));
        } else if (change.kind === 'accounts') {
          const { record } = change;
          this.#schedule(record.account_ref, record.account_ref, shieldDue(record));
        }
      }
    });
  }

  /** The records were replaced (a load, a reset, a restored fork): rebuild at the next check. */
  invalidate(): void {
    this.#stale = true;
    this.#heap.clear();
    this.#dues.clear();
    this.#setNextDue(Number.NEGATIVE_INFINITY);
  }

  /** Calls `listener` whenever the next due time may have moved (the served server's alarm). */
  onNextDue(listener: () => void): void {
    this.#onNextDue = listener;
  }

  /** Calls `listener` with every event applied from now on (the request journal). */
  onApplied(listener: (event: ClockEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Applies every event due by the clock, in due order, each as one commit stamped with
   * its due time, and returns them. Events a commit makes due (next month's renewal after
   * a year's move) are applied in the same pass.
   */
  catchUp(): Promise<ClockEvent[]> {
    return this.store.write(async () => {
      this.#rebuildIfStale();
      const applied: ClockEvent[] = [];
      const nowMs = this.clock.nowMs();
      // Nothing else writes during this pass: the catalog and the rates stay as they are.
      const memo: CatchUpMemo = {
        priceRenewal: renewalPricer(this.store.plans.values(), this.store.rates),
        describeRenewal: renewalDescriber(),
      };
      for (
        let top = this.#heap.peek();
        top !== undefined && top.dueMs <= nowMs;
        top = this.#heap.peek()
      ) {
        this.#heap.pop();
        if (this.#dues.get(top.ref) !== top.dueMs) continue;
        this.#dues.delete(top.ref);
        const event = this.#apply(top, memo);
        if (event === undefined) continue;
        applied.push(event);
        if (applied.length % EVENTS_PER_TURN === 0) await nextTurn();
        for (const listener of this.#listeners) listener(event);
      }
      this.#compact();
      this.#setNextDue(this.#heap.peek()?.dueMs ?? Number.POSITIVE_INFINITY);
      return applied;
    });
  }

  /**
   * At most how many events a catch-up to `toMs` would apply, if every renewal were paid
   * (`serviceEventsBy` of each record due by then, what is due already included), counted in
   * due order and no further than past `limit`: O(limit) at most, one comparison when nothing
   * is due by `toMs`. It never gives fewer than the catch-up applies.
   */
  eventsBy(toMs: number, limit: number): number {
    this.#rebuildIfStale();
    if (!(toMs >= this.nextDueMs)) return 0;
    let count = 0;
    const seen = new Set<string>();
    for (const entry of this.#heap.ordered()) {
      if (entry.dueMs > toMs || count > limit) break;
      // Entries of an earlier schedule of the same record stay in the heap until popped.
      if (this.#dues.get(entry.ref) !== entry.dueMs || seen.has(entry.ref)) continue;
      seen.add(entry.ref);
      const partition = this.store.partition(entry.accountRef);
      if (partition === undefined) continue;
      if (isAccountRef(entry.ref)) {
        count += shieldEventsBy(partition.account, toMs);
      } else {
        const service = partition.services.get(entry.ref);
        if (service !== undefined) count += serviceEventsBy(service, toMs, limit - count);
      }
    }
    return count;
  }

  /** The next `limit` events that will fall due, in due order. */
  next(limit = NEXT_EVENTS): NextEvent[] {
    this.#rebuildIfStale();
    const out: NextEvent[] = [];
    const seen = new Set<string>();
    for (const entry of this.#heap.ordered()) {
      if (out.length >= limit) break;
      // Entries of an earlier schedule of the same record stay in the heap until popped.
      if (this.#dues.get(entry.ref) !== entry.dueMs || seen.has(entry.ref)) continue;
      seen.add(entry.ref);
      const due = this.#current(entry);
      if (due === undefined) continue;
      out.push({
        due_at: isoTime(entry.dueMs),
        kind: due.kind,
        account_ref: entry.accountRef,
        ref: entry.ref,
      });
    }
    return out;
  }

  /**
   * `POST /__admin/top-ups`: a `top_up` transaction of `amountCents`, then the account's
   * unpaid renewal invoices settled oldest first while the balance covers them; one commit.
   */
  topUp(accountRef: string, amountCents: number): Promise<TransactionRecord> {
    return this.store.write(async () => {
      const partition = this.store.partition(accountRef);
      if (partition === undefined) throw new DomainError(404, 'account_not_found');
      const writes = topUp({
        account: partition.account,
        amountCents,
        nowMs: this.clock.nowMs(),
        invoices: partition.invoices.values(),
        serviceOf: (ref) => partition.services.get(ref),
        nextRef: (kind) => this.store.nextRef(kind),
      });
      await this.store.commitBuilt([
        { kind: 'transactions', record: writes.topUp },
        ...writes.invoices.map((record) => ({ kind: 'invoices' as const, record })),
        ...writes.transactions.map((record) => ({ kind: 'transactions' as const, record })),
        ...writes.services.map((record) => ({ kind: 'services' as const, record })),
        { kind: 'accounts', record: writes.account },
      ]);
      return writes.topUp;
    });
  }

  #schedule(ref: string, accountRef: string, due: Due | undefined): void {
    if (due === undefined) {
      this.#dues.delete(ref);
      return;
    }
    if (this.#dues.get(ref) === due.dueMs) return;
    this.#dues.set(ref, due.dueMs);
    this.#heap.push({ dueMs: due.dueMs, ref, accountRef });
    if (due.dueMs < this.nextDueMs) this.#setNextDue(due.dueMs);
  }

  #rebuildIfStale(): void {
    if (!this.#stale) return;
    this.#stale = false;
    for (const partition of this.store.partitions()) {
      const { account } = partition;
      this.#schedule(account.account_ref, account.account_ref, shieldDue(account));
      for (const service of partition.services.values()) {
        this.#schedule(service.service_ref, service.account_ref, serviceDue(service));
      }
    }
    this.#setNextDue(this.#heap.peek()?.dueMs ?? Number.POSITIVE_INFINITY);
  }

  #setNextDue(ms: number): void {
    this.nextDueMs = ms;
    this.#onNextDue?.();
  }

  // Stale entries (a record whose due time changed) are skipped when popped; past twice the
  // live ones they are dropped at once, so the heap stays O(records).
  #compact(): void {
    if (this.#heap.size <= 2 * this.#dues.size + 1024) return;
    this.#heap.clear();
    const dues = [...this.#dues];
    for (const [ref, dueMs] of dues) {
      const accountRef = isAccountRef(ref) ? ref : (this.#accountOfService(ref) ?? ref);
      this.#heap.push({ dueMs, ref, accountRef });
    }
  }

  #accountOfService(ref: string): string | undefined {
    for (const partition of this.store.partitions()) {
      const service = partition.services.get(ref);
      if (service !== undefined) return service.account_ref;
    }
    return undefined;
  }

  #current(entry: DueEntry): Due | undefined {
    const partition = this.store.partition(entry.accountRef);
    if (partition === undefined) return undefined;
    if (isAccountRef(entry.ref)) return shieldDue(partition.account);
    const service = partition.services.get(entry.ref);
    return service === undefined ? undefined : serviceDue(service);
  }

  #apply(entry: DueEntry, memo: CatchUpMemo): ClockEvent | undefined {
    const partition = this.store.partition(entry.accountRef);
    if (partition === undefined) return undefined;
    const { account } = partition;
    let outcome: { writes: EventWrites; event: ClockEvent };
    if (isAccountRef(entry.ref)) {
      if (shieldDue(account)?.dueMs !== entry.dueMs) return undefined;
      outcome = applyShieldGraceEnd(account, entry.dueMs);
    } else {
      // `#dues` follows every change of the service: the entry popped is its current due.
      const service = partition.services.get(entry.ref);
      if (service === undefined) return undefined;
      const invoiceRef = service.renewal_invoice_ref;
      outcome = applyServiceEvent({
        dueMs: entry.dueMs,
        account,
        service,
        renewalInvoice: invoiceRef === undefined ? undefined : partition.invoices.get(invoiceRef),
        priceRenewal: memo.priceRenewal,
        describeRenewal: memo.describeRenewal,
        nextRef: this.#nextRef,
      });
    }
    // Inside this write nothing else runs: each event is its own commit, published at once.
    this.store.commitBuiltNow(changesOf(outcome.writes));
    return outcome.event;
  }
}
