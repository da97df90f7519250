// Quotas at their exact limits: 30 rules per IP, 10 rate-limit rules per IP, 300 rules per
// account. The request over a limit is refused with 409 and creates nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { scenario } from '../src/testing/scenario-builder';
import {
  createRule,
  expectError,
  INTENT,
  rulesById,
  ShieldWorld,
  SVC,
  shieldPath,
  T0,
} from './shield-harness';

const RULES = shieldPath(SVC.own, '/rules');
const customCount = async (world: ShieldWorld, serviceRef: string = SVC.own) =>
  [...(await rulesById(world, serviceRef)).values()].filter((r) => r.tier === 'advanced').length;

describe('per-IP quotas', () => {
  let world: ShieldWorld;
  beforeAll(async () => {
    world = await ShieldWorld.start();
  });
  afterAll(() => world.stop());
  beforeEach(() => world.reset());

  it('accepts the 30th rule of an IP and refuses the 31st, of any kind', async () => {
    for (let i = 0; i < 30; i++) await createRule(world, { name: `r${i}` });
    expectError(
      await world.call('POST', RULES, { body: INTENT }),
      409,
      'shield_quota_exceeded',
      'rules_per_ip',
    );
    expectError(
      await world.call('POST', shieldPath(SVC.own, '/presets/allow-web-only')),
      409,
      'shield_quota_exceeded',
      'rules_per_ip',
    );
    expectError(
      await world.call('POST', shieldPath(SVC.own, '/profiles/low')),
      409,
      'shield_quota_exceeded',
      'rules_per_ip',
    );
    expect(await customCount(world)).toBe(30);
    const overview = await world.call('GET', shieldPath(SVC.own));
    expect(overview.body.profile).toEqual({ code: 'off', state: 'off' });
    // Another service has its own IP and its own quota.
    expect(
      (await world.call('POST', shieldPath(SVC.second, '/rules'), { body: INTENT })).status,
    ).toBe(202);
  });

  it('frees a slot once a deleted rule is gone, not while it rolls back', async () => {
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await createRule(world, { name: `r${i}` }));
    expect((await world.call('DELETE', `${RULES}/${ids[0]}`)).status).toBe(202);
    expectError(
      await world.call('POST', RULES, { body: INTENT }),
      409,
      'shield_quota_exceeded',
      'rules_per_ip',
    );
    await world.advance(5);
    expect((await world.call('POST', RULES, { body: INTENT })).status).toBe(202);
  });

  it('accepts the 10th rate-limit rule of an IP and refuses the 11th; other rules still fit', async () => {
    for (let i = 0; i < 10; i++)
      await createRule(world, { name: `rl${i}`, action: 'rate_limit', rate_pps: 1000 });
    const body = { ...INTENT, action: 'rate_limit', rate_pps: 1000 };
    expectError(
      await world.call('POST', RULES, { body }),
      409,
      'shield_quota_exceeded',
      'rate_rules_per_ip',
    );
    expectError(
      await world.call('POST', shieldPath(SVC.own, '/presets/rate-limit-syn')),
      409,
      'shield_quota_exceeded',
      'rate_rules_per_ip',
    );
    expectError(
      await world.call('POST', shieldPath(SVC.own, '/profiles/default')),
      409,
      'shield_quota_exceeded',
      'rate_rules_per_ip',
    );
    expect(await customCount(world)).toBe(10);
    expect((await world.call('POST', RULES, { body: INTENT })).status).toBe(202);
  });
});

describe('per-account quota', () => {
  // Eleven KVMs: 10 × 30 rules fill the account without touching any per-IP limit.
  const SERVICES = Array.from(
    { length: 11 },
    (_, i) => `REF-SVC-${(0xe0 + i).toString(16).toUpperCase()}`,
  );
  let world: ShieldWorld;
  beforeAll(async () => {
    let builder = scenario().now(T0, { frozen: true }).account().withShield('active');
    SERVICES.forEach((serviceRef, i) => {
      builder = builder.withKvm({ serviceRef, ip: `192.0.2.${i + 1}` });
    });
    world = await ShieldWorld.start(
      'in-process',
      builder.key(['*'], { token: 'refak_shield_quota' }).build(),
    );
  });
  afterAll(() => world.stop());

  it('accepts the 300th rule of an account and refuses the 301st on any of its services', async () => {
    const key = 'refak_shield_quota';
    let created = 0;
    for (const serviceRef of SERVICES.slice(0, 10)) {
      for (let i = 0; i < 30; i++) {
        // Stay under the write rate limit (120 a minute per key) by moving the clock.
        if (created > 0 && created % 100 === 0) await world.advance(60);
        const reply = await world.call('POST', shieldPath(serviceRef, '/rules'), {
          key,
          body: INTENT,
        });
        expect(reply.status, reply.text).toBe(202);
        created++;
      }
    }
    expect(created).toBe(300);
    const last = SERVICES[10]!;
    const reply = await world.call('POST', shieldPath(last, '/rules'), { key, body: INTENT });
    expectError(reply, 409, 'shield_quota_exceeded', 'rules_per_account');
    const preset = await world.call('POST', shieldPath(last, '/presets/allow-web-only'), { key });
    expectError(preset, 409, 'shield_quota_exceeded', 'rules_per_account');
    const rules = await world.call('GET', shieldPath(last, '/rules'), { key });
    expect(rules.body.rules).toHaveLength(1);
  });
});
