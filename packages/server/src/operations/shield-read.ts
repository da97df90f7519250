import type { ShieldCapabilities, ShieldOverview, ShieldRulePage } from '@refapi/schema';
import { capabilitiesOf, listRules, overviewOf } from '../domain/shield/views';
import { shieldAccess } from './shield-access';
import type { OperationImpls } from './types';

/** Shield reads: overview, capabilities, rules. */
export const shieldReadOperations = {
  getShieldOverview(call, ctx) {
    const { module, target, entitlement, now } = shieldAccess(call, ctx, { activeService: true });
    const body: ShieldOverview = overviewOf(
      module.state,
      target,
      entitlement,
      now,
      module.infrastructureSince,
    );
    return { status: 200, body };
  },

  getShieldCapabilities(call, ctx) {
    const body: ShieldCapabilities = capabilitiesOf(shieldAccess(call, ctx).entitlement);
    return { status: 200, body };
  },

  listShieldRules(call, ctx) {
    const { module, target, now } = shieldAccess(call, ctx);
    const body: ShieldRulePage = {
      rules: listRules(module.state, target, now, module.infrastructureSince),
    };
    return { status: 200, body };
  },
} satisfies Partial<OperationImpls>;
