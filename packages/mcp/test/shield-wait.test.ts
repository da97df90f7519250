import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connectInProcess, structured } from './helpers/mcp-client';
import { type Reference, startReference } from './helpers/reference';

const SVC = 'REF-SVC-101';
const RULE = {
  service_ref: SVC,
  name: 'dns',
  mode: 'enforce',
  action: 'drop',
  risk: 'high',
  protocol: 'udp',
  destination_port: 53,
};

let ref: Reference;
let mcp: Connected;
beforeAll(async () => {
  ref = await startReference();
  // Frozen: a rule stays `queued` until a test moves the clock (5 s per lifecycle step).
  ref.admin.clock.freeze();
  mcp = await connectInProcess(['--tools', 'all'], {
    REF_API_KEY: 'refak_demo_eur_full',
    REF_BASE_URL: ref.baseUrl,
  });
});
afterAll(async () => {
  await mcp.close();
  await ref.close();
});
afterEach(() => {
  // Let every rule of a test settle, so the next one starts from a quiet service.
  ref.admin.clock.advance(30);
});

const summary = (result: Awaited<ReturnType<Connected['call']>>) =>
  (result.content[0] as { type: 'text'; text: string }).text;

/** Moves the clock one step after each Shield read the server makes, until `work` ends. */
async function stepOnEachShieldRead<T>(work: Promise<T>): Promise<T> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  const reads = () =>
    ref.requests().filter((r) => r.method === 'GET' && r.path.includes('/shield')).length;
  let seen = reads();
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = reads();
    if (now > seen) {
      seen = now;
      ref.admin.clock.advance(5);
    }
  }
  return work;
}

describe('a queued Shield change', () => {
  it('is summarized as queued, not done, and shield_wait follows it to active', async () => {
    const created = await mcp.call('shield_rules_create', { ...RULE, name: 'dns-1' });
    const rule = structured(created).rule as { id: string; state: string };
    expect(rule.state).toBe('queued');
    expect(summary(created)).toBe(
      `shield_rules_create: rule ${rule.id} is queued, not in effect yet. The answer holds the rule's id, kind and state; you sent "dns-1": enforce drop udp dst 53 (under \`sent\`: the API does not return it). Call shield_wait with rule_id ${rule.id} to see it settle.`,
    );
    expect(summary(created)).not.toMatch(/done/);

    const waited = await stepOnEachShieldRead(
      mcp.call('shield_wait', { service_ref: SVC, rule_id: rule.id, timeout_seconds: 20 }),
    );
    expect(structured(waited)).toMatchObject({
      target: `rule ${rule.id}`,
      settled: true,
      state: 'active',
      states_seen: ['queued', 'applying', 'active'],
    });
    expect(summary(waited)).toMatch(
      new RegExp(
        `^shield_wait: rule ${rule.id} is active after [\\d.]+ s \\(seen: queued → applying → active\\)\\.$`,
      ),
    );
  });

  it('reports the state it saw when the timeout passes first', async () => {
    const rule = structured(await mcp.call('shield_rules_create', { ...RULE, name: 'dns-2' }))
      .rule as { id: string };
    const waited = await mcp.call('shield_wait', {
      service_ref: SVC,
      rule_id: rule.id,
      timeout_seconds: 1,
    });
    expect(waited.isError).toBeFalsy();
    expect(structured(waited)).toMatchObject({
      settled: false,
      state: 'queued',
      states_seen: ['queued'],
    });
    expect(summary(waited)).toMatch(/is still queued after .* it goes on server-side/);
  });

  it('a profile is applying until shield_wait sees it active', async () => {
    const applied = await mcp.call('shield_profiles_apply', {
      service_ref: SVC,
      profile_code: 'strict',
    });
    expect(summary(applied)).toMatch(
      /^shield_profiles_apply: profile strict is applying, not settled yet\./,
    );
    const waited = await stepOnEachShieldRead(
      mcp.call('shield_wait', { service_ref: SVC, profile_code: 'strict' }),
    );
    expect(structured(waited)).toMatchObject({
      settled: true,
      state: 'active',
      profile: { code: 'strict', state: 'active' },
    });
  });

  it('refuses a wait for both a rule and a profile', async () => {
    const result = await mcp.call('shield_wait', {
      service_ref: SVC,
      profile_code: 'low',
      rule_id: '5b0f6c1e-1b2d-4c3e-8f4a-1a2b3c4d5e6f',
    });
    expect(result.isError).toBe(true);
    expect(summary(result)).toMatch(/exactly one of rule_id and profile_code/);
  });
});
