import { SHIELDED } from './entries-services';
import { defineEntries } from './operation-entry';

/** A Shield rule's id. */
export const RULE = 'The id (UUID) of a Shield rule of the service, from {listShieldRules}.';

/** A service's Shield: its overview, capabilities, rules, presets and profiles. */
export const SHIELD_RULES_ENTRIES = defineEntries({
  getShieldOverview: {
    operationId: 'getShieldOverview',
    summary: 'Read the Shield overview of a KVM service',
    method: 'GET',
    path: '/services/{service_ref}/shield',
    scope: 'shield:read',
    access: 'read',
    idempotencyKey: false,
    pausable: true,
    success: { status: 200 },
    errors: [401, 403, 404, 409, 503],
    schemas: { pathParams: 'params.ServicePathParams', success: 'shield.ShieldOverview' },
    description:
      'Returns the entitlement, the rules, the preset and profile descriptors and the current profile of one KVM service in one read.',
    parameters: { service_ref: SHIELDED },
    mcp: { tool: 'shield_overview' },
    sdk: 'shield.overview',
    refctl: 'shield overview',
  },
  getShieldCapabilities: {
    operationId: 'getShieldCapabilities',
    summary: 'Read the entitlement and the preset and profile descriptors',
    method: 'GET',
    path: '/services/{service_ref}/shield/capabilities',
    scope: 'shield:read',
    access: 'read',
    idempotencyKey: false,
    pausable: true,
    success: { status: 200 },
    errors: [401, 403, 404, 503],
    schemas: { pathParams: 'params.ServicePathParams', success: 'shield.ShieldCapabilities' },
    description:
      'Returns the entitlement and the versioned preset and profile descriptors that can be applied.',
    parameters: { service_ref: SHIELDED },
    mcp: { tool: 'shield_capabilities' },
    sdk: 'shield.capabilities',
    refctl: 'shield capabilities',
  },
  listShieldRules: {
    operationId: 'listShieldRules',
    summary: 'List the sanitized Shield rules of a service',
    method: 'GET',
    path: '/services/{service_ref}/shield/rules',
    scope: 'shield:read',
    access: 'read',
    idempotencyKey: false,
    pausable: true,
    success: { status: 200 },
    errors: [401, 403, 404, 503],
    schemas: { pathParams: 'params.ServicePathParams', success: 'shield.ShieldRulePage' },
    description:
      'Lists the sanitized rules of the service with their state (`queued`, `applying`, `active`, `failed`, `rolling_back`). Provider identifiers are never returned.',
    parameters: { service_ref: SHIELDED },
    mcp: { tool: 'shield_rules_list' },
    sdk: 'shield.rules.list',
    refctl: 'shield rules list',
  },
  createShieldRule: {
    operationId: 'createShieldRule',
    summary: 'Queue a custom Shield rule',
    method: 'POST',
    path: '/services/{service_ref}/shield/rules',
    scope: 'shield:write',
    access: 'write',
    idempotencyKey: true,
    pausable: true,
    success: { status: 202 },
    errors: [400, 401, 403, 409, 428, 503],
    // Section 8 of the reference-server spec: rules a real provider would refuse.
    referenceErrors: [422],
    schemas: {
      pathParams: 'params.ServicePathParams',
      body: 'shield.ShieldRuleIntent',
      success: 'shield.ShieldRuleMutation',
    },
    description:
      'Validates the rule as a DDoS provider would and against the quotas, then queues it for the owned service IP, which the server injects. `source_cidr` must be a real IPv4/IPv6 prefix without host bits and `tcp_flags_value` stay inside `tcp_flags_mask` (400 `invalid_body: <field>`); 422 `rate_limit_needs_rate` (a `rate_limit` rule without `rate_pps`/`rate_bps`), `rate_only_for_rate_limit` (rate fields on another action), `tcp_flags_need_tcp`, `broad_rule_needs_ack` (an enforced `drop`/`rate_limit` rule on every port from everywhere without `explicit_broad_ack: true`; observe mode needs none). The rule moves `queued` → `applying` → `active`; poll the rule list to follow it.',
    parameters: {
      service_ref: SHIELDED,
      name: 'A name for the rule.',
      mode: 'observe: only watch matching traffic; enforce: apply the action to it.',
      action:
        'What to do with matching traffic; rate_limit needs rate_pps or rate_bps (422 rate_limit_needs_rate).',
      risk: 'The risk level given to the rule.',
      protocol: 'The protocol the rule matches (any: every protocol).',
      source_cidr:
        'Only traffic from this IPv4 or IPv6 address or prefix, like 198.51.100.0/24, with no host bits set past the prefix (else 400).',
      destination_port: 'Only traffic to this port.',
      tcp_flags_mask:
        'TCP flags to test, as a bit mask; with tcp_flags_value; protocol tcp only (422 tcp_flags_need_tcp).',
      tcp_flags_value:
        'The values the masked TCP flags must have; no bits outside tcp_flags_mask (else 400).',
      rate_pps:
        'Rate limit in packets per second; action rate_limit only (422 rate_only_for_rate_limit).',
      rate_bps:
        'Rate limit in bits per second; action rate_limit only (422 rate_only_for_rate_limit).',
      burst_packets: 'Packets allowed in a burst above the rate; action rate_limit only.',
      duration_hours: 'Hours until the rule expires; 0 or absent: it does not expire.',
      explicit_broad_ack:
        'true to confirm a broad rule: enforced drop or rate_limit on every port from everywhere (no source prefix, or a /0) is refused without it (422 broad_rule_needs_ack); observe mode needs none.',
    },
    mcp: {
      tool: 'shield_rules_create',
      destructive: true,
      effects:
        'Free; queues the rule, which changes which traffic reaches the server once active (queued → applying → active).',
    },
    sdk: 'shield.rules.create',
    refctl: 'shield rules add',
  },
  deleteShieldRule: {
    operationId: 'deleteShieldRule',
    summary: 'Queue the rollback of a rule or its complete profile bundle',
    method: 'DELETE',
    path: '/services/{service_ref}/shield/rules/{rule_id}',
    scope: 'shield:write',
    access: 'write',
    idempotencyKey: true,
    pausable: true,
    success: { status: 202, empty: true },
    errors: [401, 403, 404, 409, 428, 503],
    schemas: { pathParams: 'params.RulePathParams' },
    description:
      'Queues the rollback of the rule, or of its complete profile bundle when the rule belongs to a profile. The rule leaves the list once rolled back.',
    parameters: { service_ref: SHIELDED, rule_id: RULE },
    mcp: {
      tool: 'shield_rules_delete',
      destructive: true,
      effects: 'Free; queues the rollback of the rule (or of its whole profile bundle).',
    },
    sdk: 'shield.rules.delete',
    refctl: 'shield rules delete',
  },
  applyShieldPreset: {
    operationId: 'applyShieldPreset',
    summary: 'Queue a preset rule',
    method: 'POST',
    path: '/services/{service_ref}/shield/presets/{preset_code}',
    scope: 'shield:write',
    access: 'write',
    idempotencyKey: true,
    pausable: true,
    success: { status: 202 },
    errors: [401, 403, 404, 409, 428, 503],
    schemas: { pathParams: 'params.PresetPathParams', success: 'shield.ShieldRuleMutation' },
    description:
      'Queues one of the provider presets (`block-udp-amplification`, `allow-web-only`, `rate-limit-syn`) as a rule.',
    parameters: {
      service_ref: SHIELDED,
      preset_code: 'A preset code from {getShieldCapabilities}, like block-udp-amplification.',
    },
    mcp: {
      tool: 'shield_presets_apply',
      destructive: true,
      effects:
        'Free; queues a preset rule that changes which traffic reaches the server once active.',
    },
    sdk: 'shield.presets.apply',
    refctl: 'shield presets apply',
  },
  applyShieldProfile: {
    operationId: 'applyShieldProfile',
    summary: 'Replace the customer-managed profile bundle, atomically',
    method: 'POST',
    path: '/services/{service_ref}/shield/profiles/{profile_code}',
    scope: 'shield:write',
    access: 'write',
    idempotencyKey: true,
    pausable: true,
    success: { status: 202 },
    errors: [401, 403, 404, 409, 428, 503],
    schemas: { pathParams: 'params.ProfilePathParams', success: 'shield.ShieldProfileMutation' },
    description:
      'Replaces the customer-managed profile bundle with the requested profile, atomically. A partial failure rolls the whole bundle back; `off` never touches emergency infrastructure controls.',
    parameters: {
      service_ref: SHIELDED,
      profile_code: 'The profile to apply; off removes the customer-managed bundle.',
    },
    mcp: {
      tool: 'shield_profiles_apply',
      destructive: true,
      effects:
        'Free; queues the replacement of the whole customer-managed profile bundle, atomically (applying → active); `off` removes it.',
    },
    sdk: 'shield.profiles.apply',
    refctl: 'shield profile set',
  },
});
