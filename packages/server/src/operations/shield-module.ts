import { faultsControl } from '../controls/faults';
import { DomainError } from '../domain/errors';
import { settleApplies } from '../domain/shield/settle';
import { ShieldSnapshot, snapshotState } from '../domain/shield/snapshot';
import { emptyShieldState, type ShieldState } from '../domain/shield/state';
import {
  applyShieldDiff,
  diffShieldState,
  type ShieldStateDiff,
} from '../domain/shield/state-diff';
import type { ExtensionState } from '../extensions';
import { randomBytes } from '../internal/crypto';
import type { ServerContext } from '../server-context';

/** Name of the Shield module in `ctx.extensions` and in the state document. */
export const SHIELD_EXTENSION = 'shield';

/** A change of the Shield module as reported for the journal: O(change), plain JSON. */
export interface ShieldModuleChange {
  /** When the infrastructure rules began: reported once, when the module starts empty. */
  readonly since?: string;
  readonly diff?: ShieldStateDiff;
}

/** The live Shield state of one server: rules, profiles, and when infrastructure rules began. */
export class ShieldModule implements ExtensionState {
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
    if (snapshot === undefined || snapshot === null) {
      report?.({ since: now.toISOString() });
      return new ShieldModule(emptyShieldState(), now, report);
    }
    const parsed = ShieldSnapshot.parse(snapshot);
    return new ShieldModule(snapshotState(parsed), new Date(parsed.infrastructure_since), report);
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

  /** Replays a reported {@link ShieldModuleChange} (the journal after a restart). */
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

/** The server's Shield module as it stands, created from the scenario's snapshot on first use. */
export function shieldModule(ctx: ServerContext): ShieldModule {
  return ctx.extensions.get(SHIELD_EXTENSION, (snapshot) =>
    ShieldModule.fromSnapshot(snapshot, ctx.clock.now(), (change) =>
      ctx.extensions.changed(SHIELD_EXTENSION, change),
    ),
  );
}

/**
 * The server's Shield module with every apply that has ended by `now` decided. The admin
 * `shield: "fail"` fault is used up by the first apply it fails, then reset to `ok`.
 */
export function settledShield(ctx: ServerContext, now: Date): ShieldModule {
  let module: ShieldModule;
  try {
    module = shieldModule(ctx);
  } catch (error) {
    // Scenario loads and state-file recovery validate `extensions.shield` up front (see
    // `ScenarioExtensions`), so this is a last line of defence: should an unusable snapshot
    // slip through, the module is unavailable (the spec's 503) rather than failing with a 500.
    ctx.onError(error);
    throw new DomainError(503, 'shield_unavailable', { headers: { 'retry-after': '30' } });
  }
  const { state, faultConsumed } = settleApplies(
    module.state,
    now.getTime(),
    ctx.controls.read(faultsControl).shield === 'fail',
  );
  module.state = state;
  if (faultConsumed) ctx.controls.set(faultsControl, { shield: 'ok' });
  return module;
}

// One secret per server, kept out of the state document: cursors need no persistence
// beyond the process, and nothing exported can be used to forge them.
const cursorSecrets = new WeakMap<ServerContext, Uint8Array>();

/** The HMAC secret evidence cursors of this server are signed with. */
export function cursorSecret(ctx: ServerContext): Uint8Array {
  let secret = cursorSecrets.get(ctx);
  if (secret === undefined) {
    secret = randomBytes(32);
    cursorSecrets.set(ctx, secret);
  }
  return secret;
}
