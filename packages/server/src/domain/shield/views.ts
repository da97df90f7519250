import type {
  ShieldCapabilities,
  ShieldEntitlement,
  ShieldOverview,
  ShieldRule,
} from '@refapi/schema';
import { presetDescriptors, profileDescriptors } from './catalog';
import { infrastructureRule } from './infrastructure-rule';
import { toPublicRule } from './lifecycle';
import { profileStateAt } from './profiles';
import type { ShieldState, ShieldTarget } from './state';

/**
 * The sanitized rules of one service at `now`: the infrastructure rule first, then the
 * customer-managed rules in creation order. Gone and expired rules are left out.
 */
export function listRules(
  state: ShieldState,
  target: ShieldTarget,
  now: number,
  infrastructureSince: Date,
): ShieldRule[] {
  const own = state.rules
    .filter((rule) => rule.service_ref === target.service_ref)
    .sort((a, b) => a.queued_at - b.queued_at || a.seq - b.seq)
    .flatMap((rule) => toPublicRule(rule, now) ?? []);
  return [infrastructureRule(target, infrastructureSince), ...own];
}

/** The entitlement with the preset and profile descriptors. */
export function capabilitiesOf(entitlement: ShieldEntitlement): ShieldCapabilities {
  return {
    entitlement,
    presets: presetDescriptors(),
    profiles: profileDescriptors(entitlement),
  };
}

/** Everything about the Shield of one service at `now`. */
export function overviewOf(
  state: ShieldState,
  target: ShieldTarget,
  entitlement: ShieldEntitlement,
  now: number,
  infrastructureSince: Date,
): ShieldOverview {
  const { presets, profiles } = capabilitiesOf(entitlement);
  return {
    entitlement,
    rules: listRules(state, target, now, infrastructureSince),
    presets,
    profiles,
    profile: profileStateAt(state, target.service_ref, now),
  };
}
