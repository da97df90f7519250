// When each record of an account next falls due on the clock (reference spec, section 9).
// Derived from the records alone, so the schedule can be rebuilt from any state and an
// event is applied only while its record still says it is due (never twice).
import { parseTime } from '../../internal/iso-time';
import type { AccountRecord, ServiceRecord } from '../records';

/** What a due event does, as `GET /__admin/clock` lists it. */
export type DueKind = 'service_renewal' | 'service_expiry' | 'shield_grace_end';

/** A record's next due moment. */
export interface Due {
  readonly dueMs: number;
  readonly kind: DueKind;
}

/** Days a suspended service keeps before it expires with its unpaid renewal invoice. */
export const SUSPENSION_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * A service's next due moment: its `expires_at` while active (a renewal with auto-renew,
 * else an expiry), `expires_at` + 7 days while suspended by an unpaid renewal, and its
 * `expires_at` while suspended otherwise (a scenario's suspension): a suspended service does
 * not renew, so its term ends there (the spec's "`auto_renew: false`" row has no status;
 * left alone, it would stay suspended with its term long over). Reseller services belong to
 * another storefront's books: time leaves them alone.
 */
export function serviceDue(service: ServiceRecord): Due | undefined {
  if (service.reseller || service.expires_at === undefined) return undefined;
  const expiresMs = parseTime(service.expires_at);
  if (!Number.isFinite(expiresMs)) return undefined;
  if (service.status === 'active') {
    return { dueMs: expiresMs, kind: service.auto_renew ? 'service_renewal' : 'service_expiry' };
  }
  if (service.status === 'suspended') {
    const graceMs = service.renewal_invoice_ref === undefined ? 0 : SUSPENSION_DAYS * DAY_MS;
    return { dueMs: expiresMs + graceMs, kind: 'service_expiry' };
  }
  return undefined;
}

/** The end of an account's Shield grace period, if it is in one. */
export function shieldDue(account: Pick<AccountRecord, 'shield'>): Due | undefined {
  const shield = account.shield;
  if (shield?.status !== 'grace' || !shield.grace_ends_at) return undefined;
  const endsMs = Date.parse(shield.grace_ends_at);
  return Number.isFinite(endsMs) ? { dueMs: endsMs, kind: 'shield_grace_end' } : undefined;
}
