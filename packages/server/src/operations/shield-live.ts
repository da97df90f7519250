import { faultsControl } from '../controls/faults';
import { DomainError } from '../domain/errors';
import { settleApplies } from '../domain/shield/settle';
import { type ShieldModule, shieldExtension } from '../extensions/shield-module';
import { randomBytes } from '../internal/crypto';
import type { ServerContext } from '../state/server-context';

/**
 * The server's Shield module with every apply that has ended by `now` decided. The admin
 * `shield: "fail"` fault is used up by the first apply it fails, then reset to `ok`.
 */
export function settledShield(ctx: ServerContext, now: Date): ShieldModule {
  let module: ShieldModule;
  try {
    module = ctx.extensions.get(shieldExtension);
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
