import type { ShieldRule } from '@refapi/schema';
import { sha256Hex } from '../../internal/crypto';
import type { ShieldTarget } from './state';

/**
 * The stable id of the emergency infrastructure rule of a service: a name-based UUID
 * (version 5 layout over SHA-256), so it survives resets and restarts unchanged.
 */
export function infrastructureRuleId(serviceRef: string): string {
  const hex = sha256Hex(`shield-infrastructure:${serviceRef}`);
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/**
 * What the emergency rule does: rate-limits all traffic. Never in a `/v1` answer (the real
 * service returns no intent); the console, which reads the admin API, shows it.
 */
export const INFRASTRUCTURE_RULE_INTENT = {
  mode: 'enforce',
  action: 'rate_limit',
  protocol: 'any',
} as const;

/**
 * The provider-managed emergency rule every protected service has. Profiles (`off`
 * included) and customers never change it; it is listed so that this stays observable.
 * Clients label it with `shieldRuleLabel` (`provider emergency rule`).
 */
export function infrastructureRule(target: ShieldTarget, since: Date): ShieldRule {
  const at = since.toISOString();
  return {
    id: infrastructureRuleId(target.service_ref),
    service_ref: target.service_ref,
    protected_ip: target.protected_ip,
    kind: 'profile',
    tier: 'basic',
    state: 'active',
    desired_enabled: true,
    created_at: at,
    updated_at: at,
  };
}
