// Custom rules: validation, injected address, lifecycle on the server clock, expiry,
// the apply fault, deletion, idempotency and state export.
import { ShieldRuleMutation } from '@refapi/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { infrastructureRuleId } from '../src/domain/shield/infrastructure-rule';
import {
  createRule,
  expectBody,
  expectError,
  INTENT,
  OWN_IP,
  rulesById,
  ShieldWorld,
  SVC,
  shieldPath,
  shieldScenario,
  storedRule,
  T0,
} from './shield-harness';

let world: ShieldWorld;
beforeAll(async () => {
  world = await ShieldWorld.start();
});
afterAll(() => world.stop());
beforeEach(() => world.reset());

const RULES = shieldPath(SVC.own, '/rules');
const stateOf = async (id: string) => (await rulesById(world)).get(id)?.state ?? 'gone';

describe('POST …/shield/rules', () => {
  it('queues the rule for the service IP and answers 202 with the sanitized rule', async () => {
    const reply = await world.call('POST', RULES, { body: INTENT });
    const { rule } = expectBody(reply, 202, ShieldRuleMutation);
    expect(rule).toEqual({
      id: rule.id,
      service_ref: SVC.own,
      protected_ip: OWN_IP,
      kind: 'custom',
      tier: 'advanced',
      state: 'queued',
      desired_enabled: true,
      created_at: T0,
      updated_at: T0,
    });
    expect((await rulesById(world)).get(rule.id)).toEqual(rule);
    // The intent stays the server's: the admin API shows it, no /v1 answer does.
    expect(await storedRule(world, rule.id)).toMatchObject({
      name: 'drop dns floods',
      mode: 'enforce',
      action: 'drop',
      protocol: 'udp',
      destination_port: 53,
    });
  });

  it.each([
    ['protected_ip', { protected_ip: '192.0.2.1' }],
    ['router', { router: 'edge-1' }],
    ['interface', { interface: 'eth0' }],
    ['remote_id', { remote_id: 'r-1' }],
    ['provider', { provider: { placement: 'fra1' } }],
  ])('rejects a body carrying %s (400), creating nothing', async (field, extra) => {
    expectError(
      await world.call('POST', RULES, { body: { ...INTENT, ...extra } }),
      400,
      `invalid_body: ${field}`,
    );
    expect((await rulesById(world)).size).toBe(1);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'n'.repeat(201) }],
    ['mode', { mode: 'block' }],
    ['action', { action: 'reject' }],
    ['protocol', { protocol: 'sctp' }],
    ['destination_port', { destination_port: 0 }],
    ['rate_pps', { rate_pps: 99 }],
    ['duration_hours', { duration_hours: 8785 }],
    ['tcp_flags_mask', { tcp_flags_mask: 256 }],
  ])('rejects an invalid %s (%j) with 400 naming it', async (field, patch) => {
    expectError(
      await world.call('POST', RULES, { body: { ...INTENT, ...patch } }),
      400,
      `invalid_body: ${field}`,
    );
  });

  it('rejects a missing or malformed body with 400', async () => {
    expectError(await world.call('POST', RULES), 400, 'invalid_body');
    const raw = await world.call('POST', RULES, {
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(raw.status).toBe(400);
  });

  it('accepts the longest name and every limit at its edge', async () => {
    const body = {
      ...INTENT,
      name: 'n'.repeat(200),
      action: 'rate_limit',
      rate_pps: 100,
      rate_bps: 800_000_000_000,
      burst_packets: 10_000_000,
      duration_hours: 8784,
      protocol: 'tcp',
      tcp_flags_mask: 255,
      tcp_flags_value: 0,
      destination_port: 65535,
      explicit_broad_ack: true,
      source_cidr: '198.51.100.0/24',
    };
    expectBody(await world.call('POST', RULES, { body }), 202, ShieldRuleMutation);
  });
});

describe('rule lifecycle on the server clock', () => {
  it('goes queued → applying → active, 5 s a step', async () => {
    const id = await createRule(world);
    expect(await stateOf(id)).toBe('queued');
    await world.advance(4.999);
    expect(await stateOf(id)).toBe('queued');
    await world.advance(0.001);
    expect(await stateOf(id)).toBe('applying');
    await world.advance(5);
    const rule = (await rulesById(world)).get(id);
    expect(rule).toMatchObject({ state: 'active', updated_at: '2026-01-01T00:00:10.000Z' });
  });

  it('DELETE queues the rollback (202): rolling_back, then gone from the list', async () => {
    const id = await createRule(world);
    await world.advance(60);
    const reply = await world.call('DELETE', `${RULES}/${id}`);
    expect(reply.status).toBe(202);
    expect(reply.text).toBe('');
    expect((await rulesById(world)).get(id)).toMatchObject({
      state: 'rolling_back',
      desired_enabled: false,
    });
    await world.advance(5);
    expect(await stateOf(id)).toBe('gone');
    expectError(await world.call('DELETE', `${RULES}/${id}`), 404, 'shield_rule_not_found');
  });

  it('duration_hours sets expires_at; the rule leaves the list when it expires', async () => {
    const reply = await world.call('POST', RULES, { body: { ...INTENT, duration_hours: 2 } });
    const { rule } = expectBody(reply, 202, ShieldRuleMutation);
    expect(rule.expires_at).toBe('2026-01-01T02:00:00.000Z');
    await world.advance(2 * 3600 - 1);
    expect(await stateOf(rule.id)).toBe('active');
    await world.advance(1);
    expect(await stateOf(rule.id)).toBe('gone');
  });

  it('the shield fault fails the next apply only: failed with last_error_code, then reset', async () => {
    expect((await world.admin('POST', '/faults', { shield: 'fail' })).body.shield).toBe('fail');
    const failing = await createRule(world);
    await world.advance(5);
    expect(await stateOf(failing)).toBe('applying');
    await world.advance(5);
    expect((await rulesById(world)).get(failing)).toMatchObject({
      state: 'failed',
      last_error_code: 'apply_failed',
    });
    expect((await world.admin('POST', '/faults', {})).body.shield).toBe('ok');
    const next = await createRule(world, { name: 'second' });
    await world.advance(10);
    expect(await stateOf(next)).toBe('active');
    // A failed rule can be deleted like any other.
    expect((await world.call('DELETE', `${RULES}/${failing}`)).status).toBe(202);
  });

  it('a fault armed while a rule is applying fails that rule', async () => {
    const id = await createRule(world);
    await world.advance(6);
    await world.admin('POST', '/faults', { shield: 'fail' });
    await world.advance(10);
    expect(await stateOf(id)).toBe('failed');
  });
});

describe('DELETE …/shield/rules/{rule_id}', () => {
  it('answers 404 for an unknown rule and for a rule of another service', async () => {
    const id = await createRule(world);
    expectError(
      await world.call('DELETE', `${RULES}/6f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b`),
      404,
      'shield_rule_not_found',
    );
    expectError(
      await world.call('DELETE', shieldPath(SVC.second, `/rules/${id}`)),
      404,
      'shield_rule_not_found',
    );
    expect(await stateOf(id)).toBe('queued');
  });

  it('answers 400 for a rule id that is not a UUID', async () => {
    expectError(await world.call('DELETE', `${RULES}/42`), 400, 'invalid_path: rule_id');
  });

  it('refuses to remove the emergency infrastructure rule (409)', async () => {
    const reply = await world.call('DELETE', `${RULES}/${infrastructureRuleId(SVC.own)}`);
    expectError(reply, 409, 'shield_rule_not_customer_managed', 'infrastructure');
  });
});

describe('idempotency of Shield mutations', () => {
  it('replays the completed response for the same key and body', async () => {
    const first = await world.call('POST', RULES, { body: INTENT, idem: 'rule-1' });
    const again = await world.call('POST', RULES, { body: INTENT, idem: 'rule-1' });
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect((await rulesById(world)).size).toBe(2);
  });

  it('answers 409 idempotency_key_reused for the same key with another body', async () => {
    await world.call('POST', RULES, { body: INTENT, idem: 'rule-2' });
    const reply = await world.call('POST', RULES, {
      body: { ...INTENT, name: 'other' },
      idem: 'rule-2',
    });
    expectError(reply, 409, 'idempotency_key_reused');
  });

  it('replays deletes, presets and profiles too', async () => {
    const id = await createRule(world);
    const mutations: [string, string][] = [
      ['DELETE', `${RULES}/${id}`],
      ['POST', shieldPath(SVC.own, '/presets/allow-web-only')],
      ['POST', shieldPath(SVC.own, '/profiles/low')],
    ];
    for (const [index, [method, path]] of mutations.entries()) {
      const first = await world.call(method, path, { idem: `k-${index}` });
      const again = await world.call(method, path, { idem: `k-${index}` });
      expect([first.status, again.status], path).toEqual([202, 202]);
      expect(again.text).toBe(first.text);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    }
  });

  it('keeps keys apart per operation: the same key on another endpoint is a new request', async () => {
    await world.call('POST', RULES, { body: INTENT, idem: 'shared' });
    const preset = await world.call('POST', shieldPath(SVC.own, '/presets/allow-web-only'), {
      idem: 'shared',
    });
    expect(preset.status).toBe(202);
    expect(preset.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('state document', () => {
  it('round-trips Shield rules and profiles through GET /__admin/state and POST /__admin/scenario', async () => {
    const id = await createRule(world);
    await world.call('POST', shieldPath(SVC.own, '/profiles/default'));
    await world.advance(10);
    const before = (await world.call('GET', shieldPath(SVC.own))).body;
    const state = (await world.admin('GET', '/state')).body;
    expect(state.extensions.shield.rules.length).toBeGreaterThan(1);
    expect((await world.admin('POST', '/scenario', state)).status).toBe(200);
    const after = (await world.call('GET', shieldPath(SVC.own))).body;
    expect(after).toEqual(before);
    expect(after.rules.some((r: { id: string }) => r.id === id)).toBe(true);
  });

  it('refuses a malformed extensions.shield up front (400 naming the path), state untouched', async () => {
    const id = await createRule(world);
    const before = (await world.call('GET', shieldPath(SVC.own))).body;
    const state = (await world.admin('GET', '/state')).body;
    // A public rule field in the snapshot: the snapshot keeps the record, not its view.
    state.extensions.shield.rules[0].state = 'active';
    const refused = await world.admin('POST', '/scenario', state);
    expect([refused.status, refused.body]).toEqual([
      400,
      { error: 'invalid_scenario: extensions.shield.rules[0].state: is not a known field' },
    ]);
    state.extensions.shield = { version: 1, rules: 'not a list' };
    expect((await world.admin('POST', '/scenario', state)).body).toEqual({
      error: 'invalid_scenario: extensions.shield.infrastructure_since: is required',
    });
    // Still the old state, Shield included; nothing was reported as an unexpected error.
    const after = await world.call('GET', shieldPath(SVC.own));
    expect([after.status, after.body]).toEqual([200, before]);
    expect(after.body.rules.some((r: { id: string }) => r.id === id)).toBe(true);
    expect(world.errors).toEqual([]);
  });

  it('passes unknown extensions through untouched, beside a valid Shield snapshot', async () => {
    const id = await createRule(world);
    const state = (await world.admin('GET', '/state')).body;
    state.extensions.future_module = { anything: [1, 'two'] };
    expect((await world.admin('POST', '/scenario', state)).status).toBe(200);
    expect((await world.admin('GET', '/state')).body.extensions.future_module).toEqual({
      anything: [1, 'two'],
    });
    expect((await rulesById(world)).has(id)).toBe(true);
    expect((await world.call('POST', RULES, { body: INTENT })).status).toBe(202);
    expect((await world.admin('POST', '/scenario', shieldScenario())).status).toBe(200);
  });
});
