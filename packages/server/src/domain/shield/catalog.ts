import {
  SHIELD_PRESET_CODES,
  type ShieldEntitlement,
  type ShieldPreset,
  type ShieldProfile,
  type ShieldProfileCode,
} from '@refapi/schema';

/** What a rule does with the traffic it matches; decides rate-rule quotas and evidence. */
export type RuleAction = 'pass' | 'drop' | 'rate_limit';

/** A rule a preset or profile bundle creates: its name and what it does. */
export interface RuleTemplate {
  readonly name: string;
  readonly action: RuleAction;
  readonly protocol: 'any' | 'tcp' | 'udp' | 'icmp';
}

/** Every descriptor of this catalog carries version `1`. */
export const CATALOG_VERSION = '1';

interface PresetDefinition extends ShieldPreset {
  readonly rule: RuleTemplate;
}

const PRESETS: readonly PresetDefinition[] = [
  {
    code: 'block-udp-amplification',
    version: CATALOG_VERSION,
    name: 'Block UDP amplification',
    description:
      'Drops UDP replies from common amplification source ports (DNS, NTP, SSDP, memcached).',
    rule: { name: 'Block UDP amplification', action: 'drop', protocol: 'udp' },
  },
  {
    code: 'allow-web-only',
    version: CATALOG_VERSION,
    name: 'Allow web only',
    description: 'Drops inbound traffic except HTTP and HTTPS (TCP 80 and 443).',
    rule: { name: 'Allow web only', action: 'drop', protocol: 'any' },
  },
  {
    code: 'rate-limit-syn',
    version: CATALOG_VERSION,
    name: 'Rate-limit SYN',
    description: 'Rate-limits new TCP connections (SYN packets) per source.',
    rule: { name: 'Rate-limit SYN', action: 'rate_limit', protocol: 'tcp' },
  },
];

interface ProfileDefinition {
  readonly code: ShieldProfileCode;
  readonly name: string;
  readonly description: string;
  /** The customer-managed bundle the profile installs; `off` installs none. */
  readonly bundle: readonly RuleTemplate[];
}

const AMPLIFICATION: RuleTemplate = {
  name: 'Profile: drop UDP amplification',
  action: 'drop',
  protocol: 'udp',
};
const SYN_LIMIT: RuleTemplate = {
  name: 'Profile: rate-limit SYN',
  action: 'rate_limit',
  protocol: 'tcp',
};
const ICMP_LIMIT: RuleTemplate = {
  name: 'Profile: rate-limit ICMP',
  action: 'rate_limit',
  protocol: 'icmp',
};
const FRAGMENTS: RuleTemplate = {
  name: 'Profile: drop UDP fragments',
  action: 'drop',
  protocol: 'udp',
};

const PROFILES: readonly ProfileDefinition[] = [
  {
    code: 'off',
    name: 'Off',
    description:
      'No customer-managed profile rules; emergency infrastructure protection stays in place.',
    bundle: [],
  },
  {
    code: 'low',
    name: 'Low',
    description: 'Drops well-known UDP amplification traffic only.',
    bundle: [AMPLIFICATION],
  },
  {
    code: 'default',
    name: 'Default',
    description: 'Drops UDP amplification and rate-limits SYN floods.',
    bundle: [AMPLIFICATION, SYN_LIMIT],
  },
  {
    code: 'strict',
    name: 'Strict',
    description:
      'Default plus ICMP rate limits and UDP fragment drops; may affect legitimate traffic.',
    bundle: [AMPLIFICATION, SYN_LIMIT, ICMP_LIMIT, FRAGMENTS],
  },
];

/** The three versioned presets, as the API lists them. */
export function presetDescriptors(): ShieldPreset[] {
  return PRESETS.map(({ code, version, name, description }) => ({
    code,
    version,
    name,
    description,
  }));
}

/** The preset with this code, or undefined when there is none. */
export function findPreset(code: string): (ShieldPreset & { rule: RuleTemplate }) | undefined {
  return PRESETS.find((preset) => preset.code === code);
}

/** The four profiles; unavailable (with the reason) when the entitlement does not allow them. */
export function profileDescriptors(entitlement: ShieldEntitlement | null): ShieldProfile[] {
  return PROFILES.map(({ code, name, description }) => ({
    code,
    version: CATALOG_VERSION,
    name,
    description,
    available: entitlement !== null,
    ...(entitlement === null ? { unavailable_reason: 'shield_advanced_required' as const } : {}),
  }));
}

/** The rules profile `code` installs. */
export function profileBundle(code: ShieldProfileCode): readonly RuleTemplate[] {
  return PROFILES.find((profile) => profile.code === code)?.bundle ?? [];
}

// The contract names the preset codes; this catalog must describe exactly those.
if (PRESETS.map((p) => p.code).join() !== SHIELD_PRESET_CODES.join()) {
  throw new Error('Shield preset catalog is out of sync with SHIELD_PRESET_CODES');
}
