import type { ClockEventEntry } from '@refapi/server/browser';
import { formatMoney, toCents } from './format';

const WHAT: Record<string, string> = {
  service_renewal: 'renewed',
  service_suspension: 'suspended',
  service_expiry: 'expired',
  shield_grace_end: 'Shield grace period ended',
};

/**
 * One line for a clock event's journal row: what happened to which service, for how much
 * (`REF-SVC-101 renewed · 12.50 EUR · until 2026-03-01`). An event kind a newer server adds
 * shows by its name.
 */
export function clockEventText(entry: ClockEventEntry): string {
  const parts = [
    [entry.service_ref, WHAT[entry.event] ?? entry.event.replaceAll('_', ' ')]
      .filter(Boolean)
      .join(' '),
  ];
  if (entry.amount !== undefined && entry.currency !== undefined)
    parts.push(formatMoney(toCents(entry.amount), entry.currency));
  if (entry.expires_at !== undefined) parts.push(`until ${entry.expires_at.slice(0, 10)}`);
  if (entry.reason !== undefined) parts.push(entry.reason.replaceAll('_', ' '));
  return parts.join(' · ');
}
