import { isoTime } from '../../internal/iso-time';
import { addMonths, dayOfMonth } from '../calendar';
import type { ServiceRecord } from '../records';
import { periodMonths } from './renewal-price';

/** The day of the month a service's term began on, kept by every renewal (its `expires_at`'s by default). */
export const termDay = (service: ServiceRecord, expiresMs: number): number =>
  service.term_day ?? dayOfMonth(expiresMs);

/**
 * `service` renewed for `months` more (`expiresMs`: its `expires_at`, when the caller has it
 * parsed already): `expires_at` moved on by calendar months on the day
 * its term began (kept from now on, so 31 January → 28 February → 31 March), active, its
 * renewal invoice (if it was suspended) settled.
 */
export function renewedService(
  service: ServiceRecord,
  months?: number,
  expiresMs: number = Date.parse(service.expires_at as string),
): ServiceRecord {
  const day = termDay(service, expiresMs);
  const renewed: ServiceRecord = {
    ...service,
    status: 'active',
    term_day: day,
    expires_at: isoTime(addMonths(expiresMs, months ?? periodMonths(service) ?? 1, day)),
  };
  return withoutRenewalInvoice(renewed);
}

/**
 * `service` without its unpaid renewal invoice's ref. Only a suspended service has one: the
 * others are returned as they are (a rest-destructured copy per renewal costs a year of
 * renewals a dictionary-mode object each).
 */
export function withoutRenewalInvoice(service: ServiceRecord): ServiceRecord {
  if (service.renewal_invoice_ref === undefined) return service;
  const { renewal_invoice_ref: _, ...rest } = service;
  return rest;
}
