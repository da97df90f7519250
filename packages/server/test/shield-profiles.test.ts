// Presets and profiles: preset rules, profile bundles replaced atomically, the rollback of
// a bundle whose apply fails, `off`, and the emergency infrastructure rule that stays.
import { SHIELD_PRESET_CODES, ShieldProfileMutation, ShieldRuleMutation } from '@refapi/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { infrastructureRuleId } from '../src/domain/shield/infrastructure-rule';
import {
  createRule,
  expectBody,
  expectError,
  rulesById,
  ShieldWorld,
  SVC,
  shieldPath,
} from './shield-harness';

let world: ShieldWorld;
beforeAll(async () => {
  world = await ShieldWorld.start();
});
afterAll(() => world.stop());
beforeEach(() => world.reset());

const INFRA = infrastructureRuleId(SVC.own);
const applyProfile = (code: string) => world.call('POST', shieldPath(SVC.own, `/profiles/${code}`));
const profile = async () => (await world.call('GET', shieldPath(SVC.own))).body.profile;
const rules = async () => [...(await rulesById(world)).values()];
const profileRules = async () =>
  (await rules()).filter((r) => r.kind === 'profile' && r.id !== INFRA);

describe('presets', () => {
  it.each(SHIELD_PRESET_CODES)('queues %s as a preset rule of version 1', async (code) => {
    const { rule } = expectBody(
      await world.call('POST', shieldPath(SVC.own, `/presets/${code}`)),
      202,
      ShieldRuleMutation,
    );
    expect(rule).toMatchObject({
      kind: 'preset',
      preset_code: code,
      preset_version: '1',
      state: 'queued',
    });
    await world.advance(10);
    expect((await rulesById(world)).get(rule.id)?.state).toBe('active');
  });

  it('answers 404 for an unknown preset code', async () => {
    expectError(
      await world.call('POST', shieldPath(SVC.own, '/presets/block-everything')),
      404,
      'shield_preset_not_found',
    );
  });

  it('answers 409 for a preset already applied to the service', async () => {
    await world.call('POST', shieldPath(SVC.own, '/presets/rate-limit-syn'));
    await world.advance(10);
    const again = await world.call('POST', shieldPath(SVC.own, '/presets/rate-limit-syn'));
    expectError(again, 409, 'shield_preset_already_applied', 'active');
  });
});

describe('profiles', () => {
  it('applies a bundle: applying until every rule is active, then active', async () => {
    const reply = expectBody(await applyProfile('default'), 202, ShieldProfileMutation);
    expect(reply.profile).toEqual({ code: 'default', state: 'applying', version: '1' });
    const bundle = await profileRules();
    expect(bundle.length).toBeGreaterThan(1);
    expect(bundle.every((r) => r.state === 'queued' && r.tier === 'advanced')).toBe(true);
    await world.advance(9);
    expect((await profile()).state).toBe('applying');
    await world.advance(1);
    expect(await profile()).toEqual({ code: 'default', state: 'active', version: '1' });
    expect((await profileRules()).every((r) => r.state === 'active')).toBe(true);
  });

  it('replaces the previous bundle at once and leaves custom and infrastructure rules alone', async () => {
    const custom = await createRule(world);
    await applyProfile('strict');
    await world.advance(10);
    const strict = (await profileRules()).map((r) => r.id);
    await applyProfile('low');
    const during = await rulesById(world);
    expect(strict.map((id) => during.get(id)?.state)).toEqual(strict.map(() => 'rolling_back'));
    await world.advance(5);
    const after = await rulesById(world);
    expect(strict.some((id) => after.has(id))).toBe(false);
    expect((await profileRules()).length).toBeLessThan(strict.length);
    expect(after.get(custom)?.state).toBe('active');
    expect(after.get(INFRA)?.state).toBe('active');
    await world.advance(5);
    expect(await profile()).toEqual({ code: 'low', state: 'active', version: '1' });
  });

  it('rolls the complete bundle back when an apply fails: rolling_back, then failed', async () => {
    await applyProfile('default');
    await world.advance(10);
    const defaults = (await profileRules()).map((r) => r.id);
    await world.admin('POST', '/faults', { shield: 'fail' });
    await applyProfile('strict');
    await world.advance(10);
    expect(await profile()).toEqual({ code: 'strict', state: 'rolling_back', version: '1' });
    const rolling = await profileRules();
    expect(rolling.every((r) => r.state === 'rolling_back')).toBe(true);
    expect(rolling.filter((r) => r.last_error_code === 'apply_failed')).toHaveLength(1);
    await world.advance(5);
    expect(await profile()).toEqual({ code: 'strict', state: 'failed', version: '1' });
    expect(await profileRules()).toEqual([]);
    // The replaced bundle went when the new one was queued; a failed replacement leaves none.
    const remaining = await rulesById(world);
    expect(defaults.filter((id) => remaining.has(id))).toEqual([]);
    expect(remaining.get(INFRA)?.state).toBe('active');
    // The fault is used up: applying again succeeds.
    await applyProfile('strict');
    await world.advance(10);
    expect((await profile()).state).toBe('active');
  });

  it('off removes the customer bundle, ends off and never touches the infrastructure rule', async () => {
    await applyProfile('strict');
    await world.advance(10);
    const reply = expectBody(await applyProfile('off'), 202, ShieldProfileMutation);
    expect(reply.profile).toMatchObject({ code: 'off', state: 'applying' });
    await world.advance(5);
    expect(await profile()).toEqual({ code: 'off', state: 'off', version: '1' });
    expect(await profileRules()).toEqual([]);
    expect((await rulesById(world)).get(INFRA)).toMatchObject({
      state: 'active',
      tier: 'basic',
      desired_enabled: true,
    });
  });

  it('deleting one rule of a bundle rolls the whole bundle back and leaves the profile off', async () => {
    await applyProfile('default');
    await world.advance(10);
    const [first] = await profileRules();
    expect((await world.call('DELETE', shieldPath(SVC.own, `/rules/${first!.id}`))).status).toBe(
      202,
    );
    expect((await profileRules()).every((r) => r.state === 'rolling_back')).toBe(true);
    expect((await profile()).state).toBe('rolling_back');
    await world.advance(5);
    expect(await profileRules()).toEqual([]);
    expect(await profile()).toEqual({ code: 'off', state: 'off' });
  });

  it('answers 400 for an unknown profile code', async () => {
    expectError(await applyProfile('paranoid'), 400, 'invalid_path: profile_code');
  });

  it('re-applying the profile in effect answers its current state and changes nothing', async () => {
    await applyProfile('low');
    await world.advance(10);
    const ids = (await profileRules()).map((r) => r.id);
    const again = expectBody(await applyProfile('low'), 202, ShieldProfileMutation);
    expect(again.profile).toEqual({ code: 'low', state: 'active', version: '1' });
    expect((await profileRules()).map((r) => r.id)).toEqual(ids);
  });
});
