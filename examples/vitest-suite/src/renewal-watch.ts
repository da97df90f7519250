import type { RefClient } from '@refapi/sdk';

/** A service whose renewal could not be paid, and what it takes to bring it back. */
export interface UnpaidRenewal {
  readonly serviceRef: string;
  readonly invoiceRef: string;
  /** What the unpaid renewal invoice asks, in the account's currency. */
  readonly amount: number;
  readonly currency: string;
}

/**
 * The app under test: a nightly job that finds the services suspended for an unpaid
 * renewal, so that someone tops the balance up before they expire (7 days later). It reads
 * only the public API: suspended services, and the unpaid invoices that name them.
 */
export async function unpaidRenewals(client: RefClient): Promise<UnpaidRenewal[]> {
  const suspended = new Set<string>();
  for await (const service of client.services.list({ status: 'suspended', limit: 100 })) {
    suspended.add(service.service_ref);
  }
  if (suspended.size === 0) return [];
  const unpaid: UnpaidRenewal[] = [];
  for await (const invoice of client.invoices.list({ limit: 100 })) {
    if (invoice.status !== 'unpaid' || invoice.service_ref === undefined) continue;
    if (!suspended.has(invoice.service_ref)) continue;
    unpaid.push({
      serviceRef: invoice.service_ref,
      invoiceRef: invoice.invoice_ref,
      amount: invoice.amount,
      currency: invoice.currency,
    });
  }
  return unpaid;
}
