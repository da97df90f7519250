import type { OperationId } from '@refapi/schema';
import { faultShortcuts, shieldShortcuts } from '../controls/admin-shortcuts';
import type { ControlAccess } from '../controls/control-state';
import type { Faults } from '../controls/faults';
import { MAX_EVENTS_PER_CLOCK_MOVE, tooManyClockEvents } from '../domain/account-time/move-bound';
import { LAST_CLOCK_MS } from '../domain/clock';
import { addDuration, type DurationInput, parseDuration } from '../domain/duration';
import { DomainError } from '../domain/errors';
import { isCentsAmount, toCents } from '../domain/money';
import { recordCodecs } from '../domain/record-codec';
import { piecesBytes } from '../internal/json-pieces';
import { type ClockEventEntry, isRequestEntry, type RequestJournal } from '../request-journal';
import type { Scenario } from '../scenario/schema';
import { checkEventsDueAt, parseScenario, requireAccounts } from '../scenario/validate';
import type { ScenarioTrust } from '../store/build-state';
import type { ClockEvent, NextEvent } from './account-time';
import { catchUp } from './catch-up';
import { checkFailure, type FailNextOptions, operationFor } from './fail-next-queue';
import type { RequestEntry, ServerContext } from './server-context';
import { serverSlices } from './server-slices';
import type { SnapshotInfo, Snapshots } from './snapshots';
import type { StateFork, StateSlices } from './state-slice';

/** Result of loading a scenario: each account with its tokens. */
export interface LoadedScenario {
  readonly accounts: Array<{ account_ref: string; api_keys: string[] }>;
}

/** The clock as the admin API shows it. */
export interface ClockState {
  readonly now: string;
  readonly frozen: boolean;
}

/** `GET /__admin/clock`: the clock and the next events that will fall due. */
export interface ClockView extends ClockState {
  readonly next_events: NextEvent[];
}

/** A move of the clock and every event that fell due on the way, in due order. */
export interface ClockMove extends ClockState {
  readonly applied: ClockEvent[];
}

/** A `top_up` transaction as `POST /__admin/top-ups` answers it (amounts in units). */
export type TopUpTransaction = ReturnType<typeof recordCodecs.transactions.toJson>;

/** The admin API in-process: the same controls as `/__admin`. */
export interface Admin {
  /** Replaces all state; throws a 400 `ScenarioError` (state untouched) when invalid. */
  loadScenario(document: unknown): Promise<LoadedScenario>;
  /** Back to the scenario loaded last. */
  reset(): Promise<void>;
  /**
   * The whole state as a Scenario document (round-trips through `loadScenario`). It shows
   * the account as of the last applied clock events: after `clock.advance` or a running
   * clock, `await admin.clock.catchUp()` first (a request or `clock.move` applies them too).
   */
  state(): Scenario;
  readonly clock: {
    now(): ClockState;
    /**
     * Moves the clock forward by seconds, `{ months: 1 }` or an ISO 8601 duration (`'P1M'`,
     * calendar months). What falls due is applied at the next request, or by {@link catchUp}.
     * A move that could apply more than 100,000 events (every renewal paid) throws a 409
     * `DomainError` (`clock_limit_reached: …`) and changes nothing: move in smaller steps.
     */
    advance(duration: DurationInput): ClockState;
    /** Sets the clock to a later time; refused as {@link advance} is. */
    set(now: string | Date): ClockState;
    freeze(frozen?: boolean): ClockState;
    /**
     * {@link advance}, then applies every event that fell due (renewals, suspensions,
     * expiries, Shield grace ends) and returns them.
     * @example const { applied } = await admin.clock.move({ months: 1 });
     */
    move(duration: DurationInput): Promise<ClockMove>;
    /**
     * Throws what a move of the clock to `toMs` is refused with, changing nothing: 409
     * `clock_limit_reached` past the clock's last instant, or when the events that could fall
     * due by then (every renewal paid, what is due already included) pass
     * `MAX_EVENTS_PER_CLOCK_MOVE`. The admin route checks a whole change with it first.
     * @internal
     */
    checkMove(toMs: number): void;
    /** Applies every event due by the clock now (in due order) and returns them. */
    catchUp(): Promise<ClockEvent[]>;
    /** The clock and the next 20 events that will fall due (`GET /__admin/clock`). */
    view(): ClockView;
  };
  /**
   * `POST /__admin/top-ups`: raises an account's balance by `amount` (account currency),
   * then settles its unpaid renewal invoices oldest first while the balance covers them.
   */
  topUp(accountRef: string, amount: number): Promise<TopUpTransaction>;
  readonly shield: {
    pause(retryAfterSeconds?: number): void;
    unpause(): void;
  };
  readonly faults: {
    set(faults: Partial<Faults>): Faults;
    get(): Faults;
  };
  /**
   * Every admin control by its slice (`src/controls`); `shield` and `faults` above are
   * shortcuts over it. The admin routes and the write-ahead log go through this.
   * @internal
   */
  readonly controls: ControlAccess;
  /**
   * The API requests of the request journal (the last `journalSize` entries, default 1,000,
   * and at most 16 Mi characters of their headers and bodies), oldest first.
   */
  requests(): RequestEntry[];
  /** Named copy-on-write states: records, clock, controls, idempotency records, extensions. */
  readonly snapshots: {
    /** Keeps the current state under `name` (replacing one of that name). */
    save(name: string): SnapshotInfo;
    list(): SnapshotInfo[];
    /** The state becomes the snapshot again (it stays saved); 404 when unknown. */
    restore(name: string): Promise<void>;
    delete(name: string): void;
  };
  /**
   * Answers the next request of `operationId` with `{error}` and the status instead of
   * running it (calls queue in order): the test kit's `failNext` for another process.
   */
  failNext(operationId: OperationId, status: number, options?: FailNextOptions): void;
}

/** What `reset` returns to: a scenario (parsed on first use) and the start time it forces. */
export interface ResetTarget {
  readonly scenario: () => Scenario;
  readonly startOverride?: number;
}

/** A scenario load or reset that was applied, with the clock start it used. */
interface AppliedScenario {
  readonly scenario: Scenario;
  readonly startMs: number;
  readonly reset: boolean;
}

/**
 * A scenario as loaded: the state right after the load, and the clock events its catch-up
 * journalled (what was due at the start), which a reset journals again.
 */
interface LoadedState {
  readonly state: StateFork;
  /** At most what the journal kept of them, oldest first. */
  readonly events: readonly ClockEventEntry[];
}

/**
 * What a space starts from (see {@link ControlPlane.branch}): a fork of a state, and what
 * its resets return to.
 */
interface Branch {
  /** Undefined for a scenario this state has no fork of (it was recovered): the space loads it. */
  readonly state: StateFork | undefined;
  readonly target: ResetTarget | undefined;
  /** The state as the reset target loads it, for resets in O(1). */
  readonly loaded: LoadedState | undefined;
}

/** The control plane plus the initial load, which alone honours a start-time override. */
export interface ControlPlane {
  readonly admin: Admin;
  /** Every slice of the server's state: loads, exports and forks go through them. */
  readonly slices: StateSlices;
  /** Loads the first (validated) scenario; `startOverride` wins over its `now` here and on resets. */
  initialize(scenario: Scenario, startOverride: number | undefined): Promise<void>;
  /**
   * Loads `scenario` with the clock at exactly `startMs`; `reset` then returns to `target`
   * (state-file recovery). `trust`: whether its records are known valid (see {@link ScenarioTrust}).
   */
  restore(
    scenario: Scenario,
    startMs: number,
    target: ResetTarget,
    trust?: ScenarioTrust,
  ): Promise<void>;
  /** Subscribes to every scenario load and reset once applied (the write-ahead log hooks in here). */
  onApply(listener: (applied: AppliedScenario) => void): () => void;
  /** Subscribes to every snapshot restored (the write-ahead log logs the state it gave). */
  onRestoreSnapshot(listener: () => void): () => void;
  /**
   * A copy-on-write fork of this state for a space: of the scenario as loaded last (what a
   * reset gives), of the current state, or of a snapshot (404 when there is none).
   */
  branch(from: 'scenario' | 'current' | { readonly snapshot: string }): Branch;
  /** Makes this (empty) state a branch of another: its state, and resets to its scenario. */
  adopt(branch: Branch): Promise<void>;
}

/**
 * Builds the control plane over a context, its request journal and its snapshots; `spaceId`
 * is the space whose state it is (null at the root), as its journal entries carry it.
 */
export function createControlPlane(
  ctx: ServerContext,
  journal: RequestJournal,
  snapshots: Snapshots,
  spaceId: string | null,
): ControlPlane {
  let last: ResetTarget | undefined;
  // The state right after the last load or reset: spaces fork it, resets restore it.
  let loaded: LoadedState | undefined;
  const listeners = new Set<(applied: AppliedScenario) => void>();
  const restoreListeners = new Set<() => void>();
  const slices = serverSlices(ctx);

  async function apply(
    scenario: Scenario,
    startMs: number,
    trust: ScenarioTrust = 'checked',
    recovered = false,
  ): Promise<void> {
    // What is due at the start is applied below like a clock move's events, and bounded alike
    // (400, the state untouched). A recovered state replays what was applied instead.
    if (!recovered) checkEventsDueAt(scenario, startMs);
    await slices.load(scenario, startMs, trust);
    journal.clear();
    // A loaded state is one time could have produced: what is due already is applied now,
    // as clock events (reference spec, section 9). Not on recovery: what the state file
    // replays next holds the events applied before the restart.
    if (!recovered) await ctx.time.catchUp();
    // Only the catch-up's events: a request answered meanwhile is not part of the load.
    const events = journal.list().filter((entry) => !isRequestEntry(entry));
    loaded = { state: slices.fork(), events };
  }

  // The events a load applied, journalled again (a reset, a space starting from the scenario):
  // the state holds what they did. A space's events of a root's load become its own.
  function journalLoadEvents(events: readonly ClockEventEntry[]) {
    for (const event of events) {
      journal.add(event.space_id === spaceId ? event : { ...event, space_id: spaceId });
    }
  }

  async function load(scenario: Scenario, override: number | undefined, reset: boolean) {
    const startMs =
      override ?? (scenario.now === undefined ? Date.now() : Date.parse(scenario.now));
    if (reset && loaded !== undefined) {
      // The scenario loaded last, as it was loaded: a fork, O(accounts), not a rebuild.
      const { state, events } = loaded;
      await ctx.store.write(() => slices.restore(state));
      ctx.clock.restart(startMs, scenario.frozen ?? false);
      ctx.failNext.clear();
      // The journal as the load left it: the events it applied, none of the requests since.
      journal.clear();
      journalLoadEvents(events);
    } else {
      await apply(scenario, startMs);
    }
    for (const listener of listeners) listener({ scenario, startMs, reset });
  }

  const clockState = (): ClockState => ({
    now: ctx.clock.now().toISOString(),
    frozen: ctx.clock.frozen,
  });

  const clock: Admin['clock'] = {
    now: clockState,
    advance(duration) {
      const fromMs = ctx.clock.nowMs();
      const seconds = secondsOf(fromMs, duration);
      // A negative or non-finite amount: the clock's own 400 below.
      if (Number.isFinite(seconds) && seconds >= 0) {
        clock.checkMove(fromMs + Math.round(seconds * 1000));
      }
      ctx.clock.advance(seconds);
      return clockState();
    },
    set(now) {
      const toMs = typeof now === 'string' ? Date.parse(now) : now.getTime();
      // Backwards or not a time: the clock's own 400 below.
      if (toMs >= ctx.clock.nowMs()) clock.checkMove(toMs);
      ctx.clock.set(toMs);
      return clockState();
    },
    freeze(frozen = true) {
      ctx.clock.freeze(frozen);
      return clockState();
    },
    move: (duration) => moveClock(clock, duration),
    checkMove(toMs) {
      if (toMs > LAST_CLOCK_MS) throw new DomainError(409, 'clock_limit_reached');
      if (ctx.time.eventsBy(toMs, MAX_EVENTS_PER_CLOCK_MOVE) > MAX_EVENTS_PER_CLOCK_MOVE) {
        throw tooManyClockEvents();
      }
    },
    catchUp: () => catchUp(ctx),
    view: () => ({ ...clockState(), next_events: ctx.time.next() }),
  };

  const admin: Admin = {
    async loadScenario(document) {
      requireAccounts(document);
      const scenario = parseScenario(document);
      await load(scenario, undefined, false);
      last = { scenario: () => scenario };
      return {
        accounts: scenario.accounts.map((a) => ({
          account_ref: a.account_ref,
          api_keys: a.api_keys.map((k) => k.token),
        })),
      };
    },
    reset: () =>
      last === undefined ? Promise.resolve() : load(last.scenario(), last.startOverride, true),
    state: () => slices.export(ctx.clock.nowMs()),
    clock,
    async topUp(accountRef, amount) {
      const amountCents = topUpCents(amount);
      await catchUp(ctx);
      const record = await ctx.time.topUp(accountRef, amountCents);
      return recordCodecs.transactions.toJson(record);
    },
    shield: shieldShortcuts(ctx.controls),
    faults: faultShortcuts(ctx.controls),
    controls: ctx.controls,
    requests: () => journal.list().filter(isRequestEntry),
    snapshots: {
      save(name) {
        const nowMs = ctx.clock.nowMs();
        // The budget counts the state's JSON size (records unchanged since the last save
        // keep their JSON encoded: see `StateSlices.exportPieces`).
        const bytes = piecesBytes(slices.exportPieces(nowMs));
        return snapshots.save(name, slices.fork(), new Date(nowMs).toISOString(), bytes);
      },
      list: () => snapshots.list(),
      async restore(name) {
        slices.restore(snapshots.get(name));
        for (const listener of restoreListeners) listener();
      },
      delete: (name) => snapshots.delete(name),
    },
    failNext(operationId, status, options = {}) {
      const op = operationFor(operationId);
      checkFailure(status, options);
      if (!ctx.failNext.add(op.operationId, { status, options })) {
        throw new RangeError('failNext: too many failures queued');
      }
    },
  };
  return {
    admin,
    slices,
    async initialize(scenario, startOverride) {
      await load(scenario, startOverride, false);
      last = {
        scenario: () => scenario,
        ...(startOverride === undefined ? {} : { startOverride }),
      };
    },
    async restore(scenario, startMs, target, trust) {
      await apply(scenario, startMs, trust, true);
      // Recovered: what was applied is not known to be the reset target as loaded (it may be
      // a restored snapshot), so the first reset loads the target in full.
      loaded = undefined;
      last = target;
    },
    onApply(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onRestoreSnapshot(listener) {
      restoreListeners.add(listener);
      return () => restoreListeners.delete(listener);
    },
    branch(from) {
      const state =
        from === 'current'
          ? slices.fork()
          : from === 'scenario'
            ? loaded?.state
            : snapshots.get(from.snapshot);
      return { state, target: last, loaded };
    },
    async adopt(branch) {
      last = branch.target;
      loaded = branch.loaded;
      if (branch.state === undefined) await admin.reset();
      else {
        slices.restore(branch.state);
        // A space of the scenario starts with its journal as a reset would leave it.
        if (branch.state === loaded?.state) journalLoadEvents(loaded.events);
      }
    },
  };
}

/** Seconds from `fromMs` to `duration` later (calendar months counted on the calendar). */
export function secondsOf(fromMs: number, duration: DurationInput): number {
  if (typeof duration === 'number') return duration;
  let toMs: number;
  try {
    toMs = addDuration(fromMs, parseDuration(duration));
  } catch (error) {
    throw new DomainError(400, `invalid_body: advance (${(error as Error).message})`);
  }
  // Past what a date holds (P1000000Y): past the clock's last instant too. It had been
  // reported as a bad `advance_seconds`, a field the request did not have.
  if (!Number.isFinite(toMs)) throw new DomainError(409, 'clock_limit_reached');
  return (toMs - fromMs) / 1000;
}

/**
 * A top-up amount: whole cents, at least one. Checked on the cents, not the number: a
 * positive number below a cent's float noise (1e-9) passed as a whole number of 0 cents.
 */
function topUpCents(amount: number): number {
  const cents = typeof amount === 'number' && isCentsAmount(amount) ? toCents(amount) : 0;
  if (!(cents > 0)) throw new DomainError(400, 'invalid_body: amount');
  return cents;
}

/**
 * Moves an admin's clock by `duration` and applies what fell due: the one way every
 * surface (test kit, admin API, durable admin) moves time and learns what it did.
 */
export async function moveClock(
  clock: Admin['clock'],
  duration: DurationInput,
): Promise<ClockMove> {
  clock.advance(duration);
  const applied = await clock.catchUp();
  return { ...clock.now(), applied };
}
