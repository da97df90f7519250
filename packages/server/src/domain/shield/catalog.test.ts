import {
  SHIELD_PRESET_CODES,
  ShieldEntitlement,
  ShieldPreset,
  ShieldProfile,
  ShieldProfileCode,
} from '@refapi/schema';
import { describe, expect, it } from 'vitest';
import { findPreset, presetDescriptors, profileBundle, profileDescriptors } from './catalog';
import { resolveEntitlement } from './entitlement';

const entitlement = ShieldEntitlement.parse(
  resolveEntitlement({ status: 'active' }, new Date('2026-01-01T00:00:00Z')),
);

describe('Shield catalog', () => {
  it('lists the three presets with version 1 and only the public descriptor fields', () => {
    const presets = presetDescriptors();
    expect(presets.map((p) => p.code)).toEqual([...SHIELD_PRESET_CODES]);
    for (const preset of presets) {
      expect(ShieldPreset.parse(preset)).toEqual(preset);
      expect(preset.version).toBe('1');
    }
  });

  it('finds presets by code and nothing else', () => {
    expect(findPreset('rate-limit-syn')?.rule.action).toBe('rate_limit');
    expect(findPreset('block-udp-amplification')?.rule.action).toBe('drop');
    expect(findPreset('nope')).toBeUndefined();
    expect(findPreset('')).toBeUndefined();
  });

  it('lists the four profiles as available with an Advanced entitlement', () => {
    const profiles = profileDescriptors(entitlement);
    expect(profiles.map((p) => p.code)).toEqual(ShieldProfileCode.options);
    for (const profile of profiles) {
      expect(ShieldProfile.parse(profile)).toEqual(profile);
      expect(profile).toMatchObject({ available: true, version: '1' });
      expect(profile).not.toHaveProperty('unavailable_reason');
    }
  });

  it('marks every profile unavailable with shield_advanced_required without one', () => {
    for (const profile of profileDescriptors(null)) {
      expect(ShieldProfile.parse(profile)).toMatchObject({
        available: false,
        unavailable_reason: 'shield_advanced_required',
      });
    }
  });

  it('gives off an empty bundle and stricter profiles larger ones', () => {
    expect(profileBundle('off')).toEqual([]);
    const sizes = (['low', 'default', 'strict'] as const).map((c) => profileBundle(c).length);
    expect(sizes[0]).toBeGreaterThan(0);
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
    expect(new Set(sizes).size).toBe(3);
  });
});
