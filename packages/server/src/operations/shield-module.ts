import { DomainError } from '../domain/errors';
import { settleApplies } from '../domain/shield/settle';
import { emptyShieldState, type ShieldState } from '../domain/shield/state';
import type { ExtensionState } from '../extensions';
import { randomBytes } from '../internal/crypto';
import type { ServerContext } from '../server-context';
import { ShieldSnapshot, snapshotState } from './shield-snapshot';

/** Name of the Shield module in `ctx.extensions` and in the state document. */
export const SHIELD_EXTENSION = 'shield';

/** The live Shield state of one server: rules, profiles, and when infrastructure rules began. */
export class ShieldModule implements ExtensionState {
  constructor(
    public state: ShieldState,
    readonly infrastructureSince: Date,
  ) {}

  /** Builds the module from the scenario's `extensions.shield`, or empty when there is none. */
  static fromSnapshot(snapshot: unknown, now: Date): ShieldModule {
    if (snapshot === undefined || snapshot === null)
      return new ShieldModule(emptyShieldState(), now);
    const parsed = ShieldSnapshot.parse(snapshot);
    return new ShieldModule(snapshotState(parsed), new Date(parsed.infrastructure_since));
  }

  /** The state document's `extensions.shield`. */
  exportState(): ShieldSnapshot {
    return {
      version: 1,
      infrastructure_since: this.infrastructureSince.toISOString(),
      rules: structuredClone(this.state.rules) as ShieldSnapshot['rules'],
      profiles: structuredClone(this.state.profiles) as ShieldSnapshot['profiles'],
      next_seq: this.state.next_seq,
    };
  }
}

/**
 * The server's Shield module with every apply that has ended by `now` decided. The admin
 * `shield: "fail"` fault is used up by the first apply it fails, then reset to `ok`.
 */
export function settledShield(ctx: ServerContext, now: Date): ShieldModule {
  let module: ShieldModule;
  try {
    module = ctx.extensions.get(SHIELD_EXTENSION, (snapshot) =>
      ShieldModule.fromSnapshot(snapshot, ctx.clock.now()),
    );
  } catch (error) {
    // A loaded scenario carried an unusable `extensions.shield`: the module is unavailable
    // (the spec's 503) until a valid scenario is loaded, rather than failing with a 500.
    ctx.onError(error);
    throw new DomainError(503, 'shield_unavailable', { headers: { 'retry-after': '30' } });
  }
  const { state, faultConsumed } = settleApplies(
    module.state,
    now.getTime(),
    ctx.faults.shield === 'fail',
  );
  module.state = state;
  if (faultConsumed) ctx.faults.shield = 'ok';
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
