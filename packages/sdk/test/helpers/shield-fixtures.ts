import type { ShieldEntitlement, ShieldRule } from '@refapi/schema';
import { fakeFetch, json } from './fake-fetch';

/** A rule id used across Shield tests. */
export const RULE_ID = '7d444840-9dc0-41d1-b245-5ffdce74fad2';

/** A valid Shield rule in `state`. */
export function rule(state: string, extra: Partial<ShieldRule> = {}): ShieldRule {
  return {
    id: RULE_ID,
    service_ref: 'REF-SVC-1',
    protected_ip: '203.0.113.10',
    kind: 'custom',
    tier: 'advanced',
    state,
    desired_enabled: true,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...extra,
  };
}

/** An active Advanced entitlement that allows every mutation. */
const entitlement: ShieldEntitlement = {
  tier: 'advanced',
  status: 'active',
  rules_per_ip: 30,
  rules_per_account: 300,
  rate_rules_per_ip: 10,
  custom_rules: true,
  customer_api: true,
  history_days: 30,
  analyzer_hours: 720,
  mutations_blocked: false,
};

/** A fetch answering the i-th overview request with `profiles[i]` (the last one repeats). */
export const overviewFetch = (profiles: Array<{ code: string; state: string }>) =>
  fakeFetch((_request, i) =>
    json(200, {
      entitlement,
      rules: [],
      presets: [],
      profiles: [],
      profile: profiles[Math.min(i, profiles.length - 1)],
    }),
  );
