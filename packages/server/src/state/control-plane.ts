import type { OperationId } from '@refapi/schema';
import { faultShortcuts, shieldShortcuts } from '../controls/admin-shortcuts';
import type { ControlAccess } from '../controls/control-state';
import type { Faults } from '../controls/faults';
import { utf8Bytes } from '../internal/json-size';
import type { RequestJournal } from '../request-journal';
import type { Scenario } from '../scenario/schema';
import { parseScenario, requireAccounts } from '../scenario/validate';
import type { ScenarioTrust } from '../store/build-state';
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

/** The admin API in-process: the same controls as `/__admin`. */
export interface Admin {
  /** Replaces all state; throws a 400 `ScenarioError` (state untouched) when invalid. */
  loadScenario(document: unknown): Promise<LoadedScenario>;
  /** Back to the scenario loaded last. */
  reset(): Promise<void>;
  /** The whole state as a Scenario document (round-trips through `loadScenario`). */
  state(): Scenario;
  readonly clock: {
    now(): ClockState;
    advance(seconds: number): ClockState;
    set(now: string | Date): ClockState;
    freeze(frozen?: boolean): ClockState;
  };
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
  /** The request journal (the last `journalSize` API requests, default 1,000), oldest first. */
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
 * What a space starts from (see {@link ControlPlane.branch}): a fork of a state, and what
 * its resets return to.
 */
interface Branch {
  /** Undefined for a scenario this state has no fork of (it was recovered): the space loads it. */
  readonly state: StateFork | undefined;
  readonly target: ResetTarget | undefined;
  /** The state as the reset target loads it, for resets in O(1). */
  readonly loaded: StateFork | undefined;
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

/** Builds the control plane over a context, its request journal and its snapshots. */
export function createControlPlane(
  ctx: ServerContext,
  journal: RequestJournal,
  snapshots: Snapshots,
): ControlPlane {
  let last: ResetTarget | undefined;
  // The state right after the last load or reset: spaces fork it, resets restore it.
  let loaded: StateFork | undefined;
  const listeners = new Set<(applied: AppliedScenario) => void>();
  const restoreListeners = new Set<() => void>();
  const slices = serverSlices(ctx);

  async function apply(
    scenario: Scenario,
    startMs: number,
    trust: ScenarioTrust = 'checked',
  ): Promise<void> {
    await slices.load(scenario, startMs, trust);
    loaded = slices.fork();
    journal.clear();
  }

  async function load(scenario: Scenario, override: number | undefined, reset: boolean) {
    const startMs =
      override ?? (scenario.now === undefined ? Date.now() : Date.parse(scenario.now));
    if (reset && loaded !== undefined) {
      // The scenario loaded last, as it was loaded: a fork, O(accounts), not a rebuild.
      await ctx.store.write(() => slices.restore(loaded as StateFork));
      ctx.clock.restart(startMs, scenario.frozen ?? false);
      ctx.failNext.clear();
      journal.clear();
    } else {
      await apply(scenario, startMs);
    }
    for (const listener of listeners) listener({ scenario, startMs, reset });
  }

  const clockState = (): ClockState => ({
    now: ctx.clock.now().toISOString(),
    frozen: ctx.clock.frozen,
  });

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
    clock: {
      now: clockState,
      advance(seconds) {
        ctx.clock.advance(seconds);
        return clockState();
      },
      set(now) {
        ctx.clock.set(typeof now === 'string' ? Date.parse(now) : now.getTime());
        return clockState();
      },
      freeze(frozen = true) {
        ctx.clock.freeze(frozen);
        return clockState();
      },
    },
    shield: shieldShortcuts(ctx.controls),
    faults: faultShortcuts(ctx.controls),
    controls: ctx.controls,
    requests: () => journal.list(),
    snapshots: {
      save(name) {
        const nowMs = ctx.clock.nowMs();
        // The budget counts the state's JSON size (records unchanged since the last save
        // keep their text: see `StateSlices.exportText`).
        const bytes = utf8Bytes(slices.exportText(nowMs));
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
      await apply(scenario, startMs, trust);
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
            ? loaded
            : snapshots.get(from.snapshot);
      return { state, target: last, loaded };
    },
    async adopt(branch) {
      last = branch.target;
      loaded = branch.loaded;
      if (branch.state !== undefined) slices.restore(branch.state);
      else await admin.reset();
    },
  };
}
