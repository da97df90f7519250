import { describe, expect, it } from 'vitest';
import { summarize } from './tool-summaries';

const ALL = ['shield_rules_list', 'shield_wait'];
const rule = (state: string, extra: Record<string, unknown> = {}) => ({
  rule: { id: 'r-1', state, kind: 'custom', ...extra },
});

describe('summaries say the real state', () => {
  it('a queued rule is queued, not done, and points to shield_wait', () => {
    const line = summarize('shield_rules_create', rule('queued'), ALL);
    expect(line).toBe(
      'shield_rules_create: rule r-1 is queued, not in effect yet. Call shield_wait with rule_id r-1 to see it settle.',
    );
    expect(line).not.toMatch(/done/);
    // Without shield_wait exposed, no pointer to it.
    expect(summarize('shield_rules_create', rule('queued'), [])).not.toMatch(/shield_wait/);
  });

  it('a preset rule, a failed rule, a profile and a rollback', () => {
    expect(summarize('shield_presets_apply', rule('active', { preset_code: 'p' }), ALL)).toBe(
      'shield_presets_apply: rule r-1 (preset p) is active.',
    );
    expect(
      summarize(
        'shield_rules_create',
        rule('failed', { last_error_code: 'provider_rejected' }),
        ALL,
      ),
    ).toBe('shield_rules_create: rule r-1 failed (provider_rejected).');
    expect(
      summarize('shield_profiles_apply', { profile: { code: 'strict', state: 'applying' } }, ALL),
    ).toMatch(
      /^shield_profiles_apply: profile strict is applying, not settled yet\. Call shield_wait/,
    );
    expect(summarize('shield_rules_delete', { accepted: true, rule_id: 'r-1' }, ALL)).toMatch(
      /rollback of rule r-1 is queued/,
    );
  });

  it('a wait that timed out says it is still going, with each state seen', () => {
    const waited = {
      target: 'rule r-1',
      settled: false,
      state: 'applying',
      states_seen: ['queued', 'applying'],
      polls: 4,
      waited_seconds: 2,
    };
    expect(summarize('shield_wait', waited, ALL)).toBe(
      'shield_wait: rule r-1 is still applying after 2 s (seen: queued → applying); it goes on server-side. Call shield_wait with the same arguments again to see it settle.',
    );
    expect(
      summarize(
        'shield_wait',
        { ...waited, settled: true, state: 'active', states_seen: ['queued', 'active'] },
        ALL,
      ),
    ).toBe('shield_wait: rule r-1 is active after 2 s (seen: queued → active).');
  });

  it('names listed rules from the answer, and what the agent sent apart from it', () => {
    const rule = {
      service_ref: 'REF-SVC-1',
      protected_ip: '203.0.113.10',
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      desired_enabled: true,
    };
    const rules = [
      { ...rule, id: 'r-0', kind: 'profile', tier: 'basic', state: 'active' },
      { ...rule, id: 'r-1', kind: 'custom', tier: 'advanced', state: 'queued' },
      {
        ...rule,
        id: 'r-2',
        kind: 'preset',
        tier: 'advanced',
        state: 'active',
        preset_code: 'rate-limit-syn',
        preset_version: '1',
      },
    ];
    expect(summarize('shield_rules_list', { rules }, ALL)).toBe(
      'shield_rules_list: 3 rule(s): provider emergency rule (profile, active); r-1 (custom, queued); rate-limit-syn v1 (preset, active).',
    );
    const sent = {
      'r-1': {
        name: 'dns',
        mode: 'observe',
        action: 'drop',
        match: 'udp dst 53 from 198.51.100.0/24',
      },
    };
    expect(summarize('shield_rules_list', { rules, sent }, ALL)).toBe(
      'shield_rules_list: 3 rule(s): provider emergency rule (profile, active); r-1 (custom, queued; you sent "dns": observe drop udp dst 53 from 198.51.100.0/24); rate-limit-syn v1 (preset, active). Names, modes, actions and matches are not in the API\'s answer: `sent` holds what you sent for the rules you created.',
    );
  });

  it('a created rule says which fields the API answered and which the agent sent', () => {
    const sent = { name: 'dns', mode: 'enforce', action: 'drop', match: 'udp dst 53' };
    expect(summarize('shield_rules_create', { ...rule('queued'), sent }, [])).toBe(
      'shield_rules_create: rule r-1 is queued, not in effect yet. The answer holds the rule\'s id, kind and state; you sent "dns": enforce drop udp dst 53 (under `sent`: the API does not return it).',
    );
  });

  it('never says "done": other results name their fields', () => {
    expect(summarize('shield_overview', { entitlement: {}, rules: [1, 2], profile: {} }, ALL)).toBe(
      'shield_overview: entitlement, rules (2), profile.',
    );
    expect(summarize('balance_get', { amount: 250, currency: 'EUR' }, ALL)).toBe(
      'balance_get: amount 250, currency EUR.',
    );
  });
});

describe('telemetry summaries', () => {
  const telemetry = (keys: number, extra: Record<string, unknown> = {}) => ({
    start: '2026-01-01T00:00:00.000Z',
    end: '2026-01-02T00:00:00.000Z',
    items: Array.from({ length: keys }, (_, i) => ({ key: `k${i}`, packets: 10, bytes: 100 })),
    totals: { packets: 5000, bytes: 90000 },
    sampled: false,
    cache_seconds: 30,
    telemetry: 'traffic',
    group_by: 'protocol',
    ...extra,
  });

  it('a full answer of 100 keys says that more may exist, never "no more"', () => {
    const line = summarize('shield_traffic', telemetry(100, { group_by: 'source_ip' }), ALL);
    expect(line).toBe(
      'shield_traffic: 100 key(s) by source_ip over 24 h; totals 5000 packets, 90000 bytes. 100 keys is the most the API returns: other keys may exist, and the totals may count them.',
    );
    expect(summarize('shield_export', telemetry(100), ALL)).not.toMatch(/no more/);
  });

  it('a shorter answer names its keys, its grouping and whether it was sampled', () => {
    expect(summarize('shield_traffic', telemetry(3, { sampled: true }), ALL)).toBe(
      'shield_traffic: 3 key(s) by protocol over 24 h (sampled); totals 5000 packets, 90000 bytes.',
    );
    const { group_by: _, ...verdicts } = telemetry(4, { telemetry: 'protection-activity' });
    expect(summarize('shield_protection_activity', verdicts, ALL)).toBe(
      'shield_protection_activity: 4 key(s) by verdict over 24 h; totals 5000 packets, 90000 bytes.',
    );
  });
});

describe('the summary of a CSV export', () => {
  it('is one line that counts its rows, not the CSV itself', () => {
    const csv = 'key,packets,bytes,samples\r\n53,10,100,1\r\n123,5,50,1\r\n';
    const line = summarize('shield_export', { format: 'csv', csv }, ALL);
    expect(line).toBe(
      'shield_export: CSV of 2 row(s) with the columns key,packets,bytes,samples, in `csv`.',
    );
    const full = [
      'key,packets,bytes,samples',
      ...Array.from({ length: 100 }, (_, i) => `${i},1,1,1`),
    ];
    expect(summarize('shield_export', { format: 'csv', csv: full.join('\r\n') }, ALL)).toMatch(
      /^shield_export: CSV of 100 row\(s\) .* 100 rows is the most the API returns: other keys may exist\.$/,
    );
  });
});
