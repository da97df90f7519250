import type { ShieldProfileMutation, ShieldRuleMutation } from '@refapi/schema';
import type { ShieldOutcome } from '../domain/shield/outcome';
import { applyProfile } from '../domain/shield/profiles';
import { createCustomRule, createPresetRule, deleteRule } from '../domain/shield/rule-commands';
import { randomUUID } from '../internal/crypto';
import { refusalError, type ShieldAccess, shieldAccess } from './shield-access';
import type { OperationImpls } from './types';

const MUTATION = { mutation: true } as const;

// Commands are synchronous, so check-and-commit cannot interleave with another request.
function commit<T>(access: ShieldAccess, outcome: ShieldOutcome<T>): T {
  if (!outcome.ok) throw refusalError(outcome.refusal);
  access.module.state = outcome.state;
  return outcome.value;
}

const creating = (access: ShieldAccess) => ({ now: access.now, newId: randomUUID });

/** Shield mutations: custom rules, rule deletion, presets, profiles (all 202, all idempotent). */
export const shieldMutationOperations = {
  createShieldRule(call, ctx) {
    const access = shieldAccess(call, ctx, MUTATION);
    const rule = commit(
      access,
      createCustomRule(access.module.state, access.target, call.body, creating(access)),
    );
    const body: ShieldRuleMutation = { rule };
    return { status: 202, body };
  },

  deleteShieldRule(call, ctx) {
    const access = shieldAccess(call, ctx, MUTATION);
    commit(access, deleteRule(access.module.state, access.target, call.params.rule_id, access.now));
    return { status: 202 };
  },

  applyShieldPreset(call, ctx) {
    const access = shieldAccess(call, ctx, MUTATION);
    const rule = commit(
      access,
      createPresetRule(
        access.module.state,
        access.target,
        call.params.preset_code,
        creating(access),
      ),
    );
    const body: ShieldRuleMutation = { rule };
    return { status: 202, body };
  },

  applyShieldProfile(call, ctx) {
    const access = shieldAccess(call, ctx, MUTATION);
    const profile = commit(
      access,
      applyProfile(access.module.state, access.target, call.params.profile_code, creating(access)),
    );
    const body: ShieldProfileMutation = { profile };
    return { status: 202, body };
  },
} satisfies Partial<OperationImpls>;
