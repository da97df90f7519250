import type { ShieldRule } from '@refapi/schema';
import { createReferenceServer } from '@refapi/server';
import { RefClient } from '../../src/client';
import { fakeFetch, json } from './fake-fetch';
import { A1_KEY, accountScenario } from './scenarios';

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

/** An active Advanced entitlement, as the reference server answers it for {@link accountScenario}. */
const { entitlement } = await new RefClient({
  apiKey: A1_KEY,
  baseUrl: 'https://api.test/v1',
  fetch: createReferenceServer({
    baseUrl: 'https://api.test/v1',
    scenario: accountScenario(),
  }).fetch,
})
  .shield('REF-SVC-A1')
  .overview();

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
