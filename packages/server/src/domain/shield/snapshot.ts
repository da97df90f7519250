import { DateTime, SHIELD_RULE_MODES, ShieldProfileCode } from '@refapi/schema';
import { z } from 'zod';
import type { ShieldState } from './state';

const Millis = z.int().min(0);

const RuleRecord = z.strictObject({
  id: z.string().min(1),
  seq: z.int().min(0),
  account_ref: z.string().min(1),
  service_ref: z.string().min(1),
  protected_ip: z.string().min(1),
  kind: z.enum(['custom', 'preset', 'profile']),
  name: z.string(),
  action: z.enum(['pass', 'drop', 'rate_limit']),
  mode: z.enum(SHIELD_RULE_MODES).optional(),
  protocol: z.string(),
  destination_port: z.int().optional(),
  source_cidr: z.string().optional(),
  preset_code: z.string().optional(),
  preset_version: z.string().optional(),
  bundle_id: z.string().optional(),
  queued_at: Millis,
  expires_at: Millis.optional(),
  outcome: z.enum(['ok', 'failed']).optional(),
  last_error_code: z.string().optional(),
  rollback_at: Millis.optional(),
});

const ProfileRecord = z.strictObject({
  service_ref: z.string().min(1),
  code: ShieldProfileCode,
  version: z.string(),
  bundle_id: z.string().nullable(),
  requested_at: Millis,
  removed_at: Millis.optional(),
});

/** The Shield module's part of the state document (`extensions.shield`). */
export const ShieldSnapshot = z.strictObject({
  version: z.literal(1),
  /** Since when the emergency infrastructure rules have been in place. */
  infrastructure_since: DateTime,
  rules: z.array(RuleRecord),
  profiles: z.array(ProfileRecord),
  next_seq: z.int().min(1),
});

/** The Shield module's part of the state document. */
export type ShieldSnapshot = z.output<typeof ShieldSnapshot>;

/** The domain state held by a parsed snapshot (JSON has no `undefined`, so the shapes agree). */
export const snapshotState = (snapshot: ShieldSnapshot): ShieldState => ({
  rules: snapshot.rules as ShieldState['rules'],
  profiles: snapshot.profiles as ShieldState['profiles'],
  next_seq: snapshot.next_seq,
});
