import { describe, expect, it } from 'vitest';
import type { AccountRecord, InvoiceRecord, ServiceRecord } from '../records';
import { topUp } from './top-up';

const account = {
  account_ref: 'REF-ACCT-1',
  account_currency: 'EUR',
  balance_cents: 0,
} as AccountRecord;

/** A service suspended by its unpaid renewal, whose term ended at `expiresAt`. */
const suspended = (ref: string, expiresAt: string, invoiceRef: string): ServiceRecord =>
  ({
    service_ref: ref,
    account_ref: 'REF-ACCT-1',
    name: ref,
    service_plan_name: 'KVM S',
    type: 'kvm',
    status: 'suspended',
    auto_renew: true,
    reseller: false,
    expires_at: expiresAt,
    renewal_invoice_ref: invoiceRef,
  }) as ServiceRecord;

/** The unpaid renewal invoice of `serviceRef`, issued at `issueDate`. */
const renewal = (ref: string, serviceRef: string, issueDate: string, cents: number) =>
  ({
    invoice_ref: ref,
    account_ref: 'REF-ACCT-1',
    service_ref: serviceRef,
    kind: 'service_renewal',
    transaction_kind: 'debit',
    amount_cents: cents,
    fee_cents: 0,
    penalty_cents: 0,
    vat_amount_cents: 0,
    vat_rate: 0,
    currency: 'EUR',
    status: 'unpaid',
    issue_date: issueDate,
    description: 'Renewal',
    customer_payable: true,
  }) as InvoiceRecord;

describe('topUp', () => {
  it.each([
    // The same instants spelt as a scenario may spell them: an offset, fractional seconds.
    ['an offset', '2026-01-31T23:30:00Z', '2026-02-01T01:00:00+02:00'],
    ['fractional seconds', '2026-01-31T23:00:00.500Z', '2026-01-31T23:00:00Z'],
  ])(
    'settles the oldest renewal first by its instant, not its spelling (%s)',
    (_, newer, older) => {
      const services = new Map([
        ['REF-SVC-A', suspended('REF-SVC-A', newer, 'REF-INV-A')],
        ['REF-SVC-B', suspended('REF-SVC-B', older, 'REF-INV-B')],
      ]);
      let seq = 0;
      const writes = topUp({
        account,
        // Covers the older renewal only (7.14); the newer one (5.95) would fit on its own.
        amountCents: 714,
        nowMs: Date.parse('2026-02-02T00:00:00Z'),
        invoices: [
          renewal('REF-INV-A', 'REF-SVC-A', newer, 595),
          renewal('REF-INV-B', 'REF-SVC-B', older, 714),
        ],
        serviceOf: (ref) => services.get(ref),
        nextRef: () => `REF-TXN-${++seq}`,
      });
      expect(writes.invoices.map((invoice) => [invoice.invoice_ref, invoice.status])).toEqual([
        ['REF-INV-B', 'paid'],
      ]);
      expect(writes.services.map((service) => [service.service_ref, service.status])).toEqual([
        ['REF-SVC-B', 'active'],
      ]);
      expect(writes.account.balance_cents).toBe(0);
    },
  );
});
