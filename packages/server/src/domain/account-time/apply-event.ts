// One due event applied to an account's records (reference spec, section 9, the table):
// a pure function from the records to the records it writes and what the journal says of
// it. The adapter commits the records together, as one atomic change.
import { isoTime } from '../../internal/iso-time';
import { fromCents } from '../money';
import type { AccountRecord, InvoiceRecord, ServiceRecord, TransactionRecord } from '../records';
import { SUSPENSION_DAYS } from './due';
import type { RenewalPrice, RenewalPricing } from './renewal-price';
import { renewedService, withoutRenewalInvoice } from './term';

/**
 * An applied event as the admin API, the test kit and the journal show it: what it did,
 * the due time it is stamped with, its refs and amounts (in units of `currency`).
 */
export interface ClockEvent {
  readonly kind: 'service_renewal' | 'service_suspension' | 'service_expiry' | 'shield_grace_end';
  /** The due time the event is stamped with (not the time of the request that noticed it). */
  readonly due_at: string;
  readonly account_ref: string;
  readonly service_ref?: string;
  readonly invoice_ref?: string;
  readonly transaction_ref?: string;
  /** What was charged or invoiced, in units of `currency` (exact: whole cents). */
  readonly amount?: number;
  readonly currency?: string;
  /** The service's new `expires_at` (renewals). */
  readonly expires_at?: string;
  /** Why a service with auto-renew expired instead (its plan is not sold any more, …). */
  readonly reason?: string;
}

/** The records an event writes (each replaces the record of its ref). */
export interface EventWrites {
  readonly account?: AccountRecord;
  readonly service?: ServiceRecord;
  readonly invoices: InvoiceRecord[];
  readonly transactions: TransactionRecord[];
}

/** Everything a service's due event reads. */
export interface ServiceEventInput {
  readonly dueMs: number;
  readonly account: AccountRecord;
  readonly service: ServiceRecord;
  /** The unpaid renewal invoice of a suspended service, when it has one. */
  readonly renewalInvoice?: InvoiceRecord | undefined;
  /** What renewing a service costs now (`renewalPrice`, or a `renewalPricer` of it). */
  readonly priceRenewal: (service: ServiceRecord, account: AccountRecord) => RenewalPricing;
  /** A fresh reference (`INV`, `TXN`). */
  readonly nextRef: (kind: 'INV' | 'TXN') => string;
  /** The invoice's description ({@link renewalDescription}, or a memo of it). */
  readonly describeRenewal: (service: ServiceRecord, price: RenewalPrice) => string;
}

/** The description of a renewal invoice and its transaction. */
export function renewalDescription(service: ServiceRecord, price: RenewalPrice): string {
  // Joined into one flat string, kept by the invoice and its transaction (see isoTime).
  return ['Renewal of ', service.name, ': ', price.plan.name, ' (', price.periodName, ')'].join('');
}

const DAY_MS = 86_400_000;

/** The ledger line of a paid renewal invoice (also used when a top-up settles one). */
export function renewalTransaction(
  invoice: InvoiceRecord,
  transactionRef: string,
  at: string,
): TransactionRecord {
  // One literal (its fields in the object, not in a spread's side store): a year of
  // renewals keeps 100,000 of these. An invoice without a service drops the field after.
  const transaction: TransactionRecord = {
    transaction_ref: transactionRef,
    kind: 'service_renewal',
    amount_cents: -invoice.amount_cents,
    fee_cents: 0,
    penalty_cents: 0,
    vat_amount_cents: invoice.vat_amount_cents,
    currency: invoice.currency,
    status: 'completed',
    method: 'balance',
    description: invoice.description,
    service_order: false,
    created_at: at,
    invoice_ref: invoice.invoice_ref,
    service_ref: invoice.service_ref as string,
    account_ref: invoice.account_ref,
  };
  if (invoice.service_ref !== undefined) return transaction;
  const { service_ref: _, ...withoutService } = transaction;
  return withoutService;
}

function expired(
  input: ServiceEventInput,
  reason?: string,
): { writes: EventWrites; event: ClockEvent } {
  const { service, dueMs, renewalInvoice } = input;
  const rest = withoutRenewalInvoice(service);
  const invoices: InvoiceRecord[] = [];
  if (renewalInvoice !== undefined && renewalInvoice.status === 'unpaid') {
    invoices.push({ ...renewalInvoice, status: 'cancelled', customer_payable: false });
  }
  return {
    writes: { service: { ...rest, status: 'expired' }, invoices, transactions: [] },
    event: {
      kind: 'service_expiry',
      due_at: isoTime(dueMs),
      account_ref: service.account_ref,
      service_ref: service.service_ref,
      ...(invoices[0] === undefined ? {} : { invoice_ref: invoices[0].invoice_ref }),
      ...(reason === undefined ? {} : { reason }),
    },
  };
}

/**
 * A service's due event: renewal (paid from the balance), suspension (balance short: an
 * unpaid invoice), or expiry (no auto-renew, a plan no longer sold, 7 days suspended by an
 * unpaid renewal, or the end of a term suspended otherwise).
 */
export function applyServiceEvent(input: ServiceEventInput): {
  writes: EventWrites;
  event: ClockEvent;
} {
  const { service, account, dueMs } = input;
  if (service.status === 'suspended') {
    // Suspended by its unpaid renewal: 7 days on, with the invoice cancelled. Suspended
    // otherwise, it cannot renew: its term ends (auto-renew or not), nothing charged.
    const cannotRenew = input.renewalInvoice === undefined && service.auto_renew;
    return expired(input, cannotRenew ? 'suspended_at_term_end' : undefined);
  }
  if (!service.auto_renew) return expired(input);
  const priced = input.priceRenewal(service, account);
  if (!priced.ok) return expired(input, priced.refusal);
  const { price } = priced;
  const at = isoTime(dueMs);
  const paid = account.balance_cents >= price.totalCents;
  // One literal for both outcomes (see renewalTransaction); the unpaid one, the rarer,
  // drops `paid_at` after.
  const billed: InvoiceRecord = {
    invoice_ref: input.nextRef('INV'),
    kind: 'service_renewal',
    transaction_kind: 'debit',
    amount_cents: price.totalCents,
    fee_cents: 0,
    penalty_cents: 0,
    vat_amount_cents: price.vatCents,
    vat_rate: account.vat_rate,
    currency: account.account_currency,
    status: paid ? 'paid' : 'unpaid',
    issue_date: at,
    due_date: paid ? at : isoTime(dueMs + SUSPENSION_DAYS * DAY_MS),
    paid_at: at,
    description: input.describeRenewal(service, price),
    customer_payable: !paid,
    service_ref: service.service_ref,
    account_ref: account.account_ref,
  };
  if (!paid) {
    const { paid_at: _, ...invoice } = billed;
    return {
      writes: {
        service: { ...service, status: 'suspended', renewal_invoice_ref: invoice.invoice_ref },
        invoices: [invoice],
        transactions: [],
      },
      event: {
        kind: 'service_suspension',
        due_at: at,
        account_ref: account.account_ref,
        service_ref: service.service_ref,
        invoice_ref: invoice.invoice_ref,
        amount: fromCents(price.totalCents),
        currency: account.account_currency,
      },
    };
  }
  const invoice = billed;
  const transaction = renewalTransaction(invoice, input.nextRef('TXN'), at);
  // Due when its term ends: `dueMs` is its `expires_at`.
  const renewed = renewedService(service, price.months, dueMs);
  return {
    writes: {
      account: { ...account, balance_cents: account.balance_cents - price.totalCents },
      service: renewed,
      invoices: [invoice],
      transactions: [transaction],
    },
    event: {
      kind: 'service_renewal',
      due_at: at,
      account_ref: account.account_ref,
      service_ref: service.service_ref,
      invoice_ref: invoice.invoice_ref,
      transaction_ref: transaction.transaction_ref,
      amount: fromCents(price.totalCents),
      currency: account.account_currency,
      expires_at: renewed.expires_at as string,
    },
  };
}

/** The end of a Shield grace period: the subscription ends (its rules are kept elsewhere). */
export function applyShieldGraceEnd(
  account: AccountRecord,
  dueMs: number,
): { writes: EventWrites; event: ClockEvent } {
  return {
    writes: { account: { ...account, shield: null }, invoices: [], transactions: [] },
    event: { kind: 'shield_grace_end', due_at: isoTime(dueMs), account_ref: account.account_ref },
  };
}
