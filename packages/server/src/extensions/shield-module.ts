import { ShieldSnapshot, snapshotState } from '../domain/shield/snapshot';
import { emptyShieldState, type ShieldState } from '../domain/shield/state';
import {
  applyShieldDiff,
  diffShieldState,
  type ShieldStateDiff,
} from '../domain/shield/state-diff';
import type { ExtensionModule } from './extension-module';

/** A change of the Shield module as reported for the write-ahead log: O(change), plain JSON. */
export interface ShieldModuleChange {
  /** When the infrastructure rules began: reported once, when the module starts empty. */
  readonly since?: string;
  readonly diff?: ShieldStateDiff;
}

/** The live Shield state of one server: rules, profiles, and when infrastructure rules began. */
export class ShieldModule {
  #state: ShieldState;
  #since: Date;

  constructor(
    state: ShieldState,
    infrastructureSince: Date,
    private readonly report?: (change: ShieldModuleChange) => void,
  ) {
    this.#state = state;
    this.#since = infrastructureSince;
  }

  /** Builds the module from the scenario's `extensions.shield`, or empty when there is none. */
  static fromSnapshot(
    snapshot: unknown,
    now: Date,
    report?: (change: ShieldModuleChange) => void,
  ): ShieldModule {
    if (snapshot === undefined || snapshot === null)
      return ShieldModule.fromParsed(undefined, now, report);
    return ShieldModule.fromParsed(ShieldSnapshot.parse(snapshot), now, report);
  }

  /** Builds the module from a validated snapshot, or empty when there is none. */
  static fromParsed(
    snapshot: ShieldSnapshot | undefined,
    now: Date,
    report?: (change: ShieldModuleChange) => void,
  ): ShieldModule {
    if (snapshot === undefined) {
      report?.({ since: now.toISOString() });
      return new ShieldModule(emptyShieldState(), now, report);
    }
    return new ShieldModule(
      snapshotState(snapshot),
      new Date(snapshot.infrastructure_since),
      report,
    );
  }

  /** Rules, profiles and the next sequence number. */
  get state(): ShieldState {
    return this.#state;
  }

  /** Replaces the state; what changed is reported (rules and profiles touched, not all). */
  set state(next: ShieldState) {
    const diff = this.report === undefined ? undefined : diffShieldState(this.#state, next);
    this.#state = next;
    if (diff !== undefined) this.report?.({ diff });
  }

  /** Since when the emergency infrastructure rules have been in place. */
  get infrastructureSince(): Date {
    return this.#since;
  }

  /** Replays a reported {@link ShieldModuleChange} (the write-ahead log after a restart). */
  applyChange(change: unknown): void {
    const { since, diff } = change as ShieldModuleChange;
    if (since !== undefined) this.#since = new Date(since);
    if (diff !== undefined) this.#state = applyShieldDiff(this.#state, diff);
  }

  /** The state document's `extensions.shield`. */
  exportState(): ShieldSnapshot {
    return {
      version: 1,
      infrastructure_since: this.#since.toISOString(),
      rules: structuredClone(this.#state.rules) as ShieldSnapshot['rules'],
      profiles: structuredClone(this.#state.profiles) as ShieldSnapshot['profiles'],
      next_seq: this.#state.next_seq,
    };
  }
}

/** The Shield module: rules and profiles per server, `extensions.shield` in the state document. */
export const shieldExtension: ExtensionModule<ShieldModule, typeof ShieldSnapshot, 'shield'> = {
  name: 'shield',
  snapshotSchema: ShieldSnapshot,
  create: (snapshot, env) => ShieldModule.fromParsed(snapshot, env.now, env.report),
  applyChange: (module, change) => module.applyChange(change),
  exportState: (module) => module.exportState(),
  // Shield states are immutable (every change replaces the whole state): forks share them.
  fork: (module, env) => new ShieldModule(module.state, module.infrastructureSince, env.report),
};
