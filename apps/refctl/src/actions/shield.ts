import type { ShieldCapabilities, ShieldOverview, ShieldRule } from '@refapi/schema';
import { ServiceRef } from '@refapi/schema/common';
import { PresetPathParams, ShieldProfileCode } from '@refapi/schema/shield';
import type { Handler } from '../cli/lazy-action';
import { typedHandler } from '../cli/typed-handler';
import type { ObjectCells } from '../output/render';
import { createClient } from '../runtime/client';
import { print, refuseUnknownColumns } from '../runtime/print';
import { validateArg, validateInput } from '../runtime/validate';
import { QueueFlags } from './flags';
import { idempotencyKeyFor, sendIdempotent } from './idempotency';
import { writePlan } from './plan-out';
import { queueRule } from './queue-rule';
import { waitFor, waitTimeoutMs } from './wait';

/** `refctl shield overview REF`: JSON is the whole overview; the table a summary. */
export const overview: Handler = async (ctx, [ref]) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const client = await createClient(ctx);
  const value = await client.shield(serviceRef).overview({ signal: ctx.signal });
  await print(ctx, { kind: 'object', value, cells: overviewCells(value) });
};

/** `refctl shield capabilities REF`. */
export const capabilities: Handler = async (ctx, [ref]) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const client = await createClient(ctx);
  const value = await client.shield(serviceRef).capabilities({ signal: ctx.signal });
  await print(ctx, { kind: 'object', value, cells: capabilityCells(value) });
};

/** `refctl shield presets apply REF CODE [--wait]`. */
export const applyPreset = typedHandler(QueueFlags, async (ctx, [ref, code], opts) => {
  const params = validateInput(PresetPathParams, { service_ref: ref, preset_code: code }, (path) =>
    path[0] === 'service_ref' ? `service reference "${ref}"` : `preset code "${code}"`,
  );
  if (opts.planOut !== undefined) {
    const idempotencyKey = idempotencyKeyFor(opts);
    await writePlan(ctx, opts.planOut, (client, o) =>
      client
        .shield(params.service_ref)
        .presets.planApply(params.preset_code, { ...o, idempotencyKey }),
    );
    return;
  }
  const shield = (await createClient(ctx)).shield(params.service_ref);
  await queueRule(ctx, opts, params.service_ref, shield, (request) =>
    shield.presets.apply(params.preset_code, request),
  );
});

/** `refctl shield profile set REF CODE [--wait]`. */
export const setProfile = typedHandler(QueueFlags, async (ctx, [ref, rawCode], opts) => {
  const serviceRef = validateArg(ServiceRef, ref!, 'service reference');
  const code = validateArg(ShieldProfileCode, rawCode!, 'profile code');
  const idempotencyKey = idempotencyKeyFor(opts);
  if (opts.planOut !== undefined) {
    await writePlan(ctx, opts.planOut, (client, o) =>
      client.shield(serviceRef).profiles.planApply(code, { ...o, idempotencyKey }),
    );
    return;
  }
  refuseUnknownColumns(ctx, ['profile']);
  const shield = (await createClient(ctx)).shield(serviceRef);
  const { profile } = await sendIdempotent(ctx, idempotencyKey, (request) =>
    shield.profiles.apply(code, request),
  );
  // Profile `off` settles in state `off`; every other code in `active`.
  const target = code === 'off' ? 'off' : 'active';
  const final =
    opts.wait === true
      ? await waitFor(
          ctx,
          { subject: `profile ${code}`, target, checkWith: `refctl shield overview ${serviceRef}` },
          waitTimeoutMs(ctx),
          (o) => shield.profiles.waitFor(code, { state: target, ...o }),
        )
      : profile;
  await print(ctx, { kind: 'object', value: { profile: final } });
});

/** The overview as a table: the entitlement and profile, the rules counted by state. */
function overviewCells(o: ShieldOverview): ObjectCells {
  return {
    'entitlement.status': o.entitlement.status,
    ...(o.entitlement.grace_ends_at
      ? { 'entitlement.grace_ends_at': o.entitlement.grace_ends_at }
      : {}),
    'entitlement.mutations_blocked': o.entitlement.mutations_blocked,
    'profile.code': o.profile.code,
    'profile.state': o.profile.state,
    rules: countRules(o.rules),
    presets: o.presets.map((p) => p.code),
    profiles: o.profiles.map((p) => p.code),
  };
}

function capabilityCells(c: ShieldCapabilities): ObjectCells {
  return {
    'entitlement.status': c.entitlement.status,
    'entitlement.mutations_blocked': c.entitlement.mutations_blocked,
    'entitlement.rules_per_ip': c.entitlement.rules_per_ip,
    'entitlement.rate_rules_per_ip': c.entitlement.rate_rules_per_ip,
    'entitlement.history_days': c.entitlement.history_days,
    presets: c.presets.map((p) => `${p.code}@${p.version}`),
    profiles: c.profiles.map((p) => (p.available ? p.code : `${p.code} (unavailable)`)),
  };
}

/** `3 (2 active, 1 queued)`: how many rules, and how many are in each state. */
function countRules(rules: readonly ShieldRule[]): string {
  const states = rules.map((r) => r.state);
  const byState = [...new Set(states)].map(
    (state) => `${states.filter((s) => s === state).length} ${state}`,
  );
  return byState.length === 0 ? '0' : `${rules.length} (${byState.join(', ')})`;
}
