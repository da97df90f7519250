import { faultShortcuts, shieldShortcuts } from './controls/admin-shortcuts';
import type { ControlAccess } from './controls/control-state';
import type { Faults } from './controls/faults';
import type { RequestJournal } from './request-journal';
import type { Scenario } from './scenario/schema';
import { parseScenario } from './scenario/validate';
import type { RequestEntry, ServerContext } from './server-context';
import { serverSlices } from './state/server-slices';
import type { StateSlices } from './state/state-slice';
import type { ScenarioTrust } from './store/build-state';

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
}

/** Builds the control plane over a context. */
export function createControlPlane(ctx: ServerContext, journal: RequestJournal): ControlPlane {
  let last: ResetTarget | undefined;
  const listeners = new Set<(applied: AppliedScenario) => void>();
  const slices = serverSlices(ctx);

  async function apply(
    scenario: Scenario,
    startMs: number,
    trust: ScenarioTrust = 'checked',
  ): Promise<void> {
    await slices.load(scenario, startMs, trust);
    journal.clear();
  }

  async function load(scenario: Scenario, override: number | undefined, reset: boolean) {
    const startMs =
      override ?? (scenario.now === undefined ? Date.now() : Date.parse(scenario.now));
    await apply(scenario, startMs);
    for (const listener of listeners) listener({ scenario, startMs, reset });
  }

  const clockState = (): ClockState => ({
    now: ctx.clock.now().toISOString(),
    frozen: ctx.clock.frozen,
  });

  const admin: Admin = {
    async loadScenario(document) {
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
      last = target;
    },
    onApply(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
