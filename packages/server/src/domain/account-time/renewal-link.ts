// A loaded state is one time could have produced (reference spec, section 9). When a renewal
// finds the balance short, time suspends the service and issues an unpaid renewal invoice at
// the end of its term; the server remembers which invoice suspended it (`renewal_invoice_ref`,
// never shown by the API). A scenario written with account-api.md's fields alone describes the
// same state without that link: without it the service expired at once instead of 7 days
// later, its invoice stayed unpaid for ever and no top-up settled it.
import { parseTime } from '../../internal/iso-time';
import { compareRefs } from '../refs';

interface LinkableService {
  readonly service_ref: string;
  readonly status: string;
  readonly expires_at?: string | undefined;
  readonly reseller?: boolean | undefined;
  readonly renewal_invoice_ref?: unknown;
}

interface LinkableInvoice {
  readonly invoice_ref: string;
  readonly kind: string;
  readonly status: string;
  readonly issue_date: string;
  readonly service_ref?: string | undefined;
}

/**
 * `services` with each suspended one that names no renewal invoice linked to the unpaid
 * `service_renewal` invoice of that service issued at the end of its term (`expires_at`), as
 * time writes it (the newest by ref when there are several). Other invoices (issued at
 * another time, paid, of another kind) are not the renewal that suspended it. The same array
 * when none is linked: one pass over the invoices only when some service could be.
 */
export function linkSuspendingRenewals<S extends LinkableService>(
  services: readonly S[],
  invoices: readonly LinkableInvoice[],
): readonly S[] {
  const unlinked = (service: S): boolean =>
    service.status === 'suspended' &&
    service.renewal_invoice_ref === undefined &&
    service.reseller !== true &&
    service.expires_at !== undefined;
  if (!services.some(unlinked)) return services;
  // Each service's unpaid renewal invoices, by the instant they were issued.
  const renewals = new Map<string, Map<number, string>>();
  for (const invoice of invoices) {
    if (invoice.kind !== 'service_renewal' || invoice.status !== 'unpaid') continue;
    if (invoice.service_ref === undefined) continue;
    const issuedMs = parseTime(invoice.issue_date);
    let byTime = renewals.get(invoice.service_ref);
    if (byTime === undefined) {
      byTime = new Map();
      renewals.set(invoice.service_ref, byTime);
    }
    const known = byTime.get(issuedMs);
    if (known === undefined || compareRefs(known, invoice.invoice_ref) < 0) {
      byTime.set(issuedMs, invoice.invoice_ref);
    }
  }
  return services.map((service) => {
    if (!unlinked(service)) return service;
    const ref = renewals.get(service.service_ref)?.get(parseTime(service.expires_at as string));
    return ref === undefined ? service : { ...service, renewal_invoice_ref: ref };
  });
}
