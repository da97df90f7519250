import type { SHIELD_RULE_MODES, ShieldProfileCode } from '@refapi/schema';
import type { RuleAction } from './catalog';

/** Each step of queued Shield work takes this long on the server clock. */
export const STEP_MS = 5_000;

/**
 * One Shield rule as the server keeps it. Plain JSON (times are epoch milliseconds);
 * never returned as is: `toPublicRule` sanitizes it and derives its state from the clock.
 */
export interface ShieldRuleRecord {
  readonly id: string;
  /** Creation order; breaks ties between rules queued at the same instant. */
  readonly seq: number;
  readonly account_ref: string;
  readonly service_ref: string;
  readonly protected_ip: string;
  readonly kind: 'custom' | 'preset' | 'profile';
  readonly name: string;
  readonly action: RuleAction;
  /**
   * `observe` only reports what the rule would do; `enforce` does it. Preset and profile
   * rules enforce. Absent on rules stored before modes were kept.
   */
  readonly mode?: (typeof SHIELD_RULE_MODES)[number];
  readonly protocol: string;
  readonly destination_port?: number;
  /** Only traffic from this prefix (custom rules); absent means from everywhere. */
  readonly source_cidr?: string;
  readonly preset_code?: string;
  readonly preset_version?: string;
  /** Rules of one profile bundle share this id and roll back together. */
  readonly bundle_id?: string;
  readonly queued_at: number;
  readonly expires_at?: number;
  /** Decided when the apply step ends (see `settleApplies`); undefined until then. */
  readonly outcome?: 'ok' | 'failed';
  readonly last_error_code?: string;
  /** When the rollback started (DELETE, or a failed bundle); gone one step later. */
  readonly rollback_at?: number;
}

/** The customer-managed profile selected for one service. */
export interface ShieldProfileRecord {
  readonly service_ref: string;
  readonly code: ShieldProfileCode;
  readonly version: string;
  /** The bundle installed for the profile; null for `off`. */
  readonly bundle_id: string | null;
  readonly requested_at: number;
  /** Set when the bundle was deleted through one of its rules; profile ends `off`. */
  readonly removed_at?: number;
}

/** All Shield state of the server: plain data, safe to snapshot as JSON. */
export interface ShieldState {
  readonly rules: readonly ShieldRuleRecord[];
  readonly profiles: readonly ShieldProfileRecord[];
  readonly next_seq: number;
}

/** Shield state with no rules and no profiles. */
export function emptyShieldState(): ShieldState {
  return { rules: [], profiles: [], next_seq: 1 };
}

/** The service a Shield call is about, as the operations layer resolved it. */
export interface ShieldTarget {
  readonly account_ref: string;
  readonly service_ref: string;
  readonly protected_ip: string;
}
