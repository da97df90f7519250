// `POST /__admin/top-ups` (reference spec, section 9): a top-up, then the account's unpaid
// renewal invoices settled oldest first while the balance covers them, each moving its
// suspended service back to active with `expires_at` moved on by its period.
import { isoTime, parseTime } from '../../internal/iso-time';
import { DomainError } from '../errors';
import type { AccountRecord, InvoiceRecord, ServiceRecord, TransactionRecord } from '../records';
import { compareRefs } from '../refs';
import { renewalTransaction } from './apply-event';
import { renewedService } from './term';

/** What a top-up writes, and the top-up transaction itself. */
export interface TopUpWrites {
  readonly account: AccountRecord;
  readonly topUp: TransactionRecord;
  readonly services: ServiceRecord[];
  readonly invoices: InvoiceRecord[];
  readonly transactions: TransactionRecord[];
}

/**
 * Oldest first: the instant of the issue date, then ref by its value (refs of one kind grow
 * with time; as text, `REF-INV-10` had sorted before the older `REF-INV-F`). Instants, not
 * the text: a scenario's dates keep their spelling, and as text `…T01:00:00+02:00` sorted
 * after the later `…T23:30:00Z` of the day before, `…T23:00:00.500Z` before `…T23:00:00Z`.
 */
const byAge = (a: InvoiceRecord, b: InvoiceRecord): number => {
  const aMs = parseTime(a.issue_date);
  const bMs = parseTime(b.issue_date);
  return aMs < bMs ? -1 : aMs > bMs ? 1 : compareRefs(a.invoice_ref, b.invoice_ref);
};

/**
 * A top-up of `amountCents` and the settlements it pays for; 409 `balance_limit_reached`
 * when the balance would pass exact integer cents. `invoices`: the account's
 * invoices (only unpaid renewals whose service is still suspended by them are settled);
 * `serviceOf` finds a service by ref.
 */
export function topUp(input: {
  readonly account: AccountRecord;
  readonly amountCents: number;
  readonly nowMs: number;
  readonly invoices: Iterable<InvoiceRecord>;
  readonly serviceOf: (ref: string) => ServiceRecord | undefined;
  readonly nextRef: (kind: 'TXN') => string;
}): TopUpWrites {
  const { account, amountCents } = input;
  // Refused before any ref is taken: a balance past exact integer cents could be neither
  // summed exactly nor loaded again from a state file.
  if (!Number.isSafeInteger(account.balance_cents + amountCents)) {
    throw new DomainError(409, 'balance_limit_reached');
  }
  const at = isoTime(input.nowMs);
  const topUpRecord: TransactionRecord = {
    transaction_ref: input.nextRef('TXN'),
    kind: 'top_up',
    amount_cents: amountCents,
    fee_cents: 0,
    penalty_cents: 0,
    vat_amount_cents: 0,
    currency: account.account_currency,
    status: 'completed',
    method: 'admin',
    description: 'Top-up (admin API)',
    service_order: false,
    created_at: at,
    account_ref: account.account_ref,
  };
  let balance = account.balance_cents + amountCents;
  const unpaid: InvoiceRecord[] = [];
  for (const invoice of input.invoices) {
    if (invoice.kind === 'service_renewal' && invoice.status === 'unpaid') unpaid.push(invoice);
  }
  unpaid.sort(byAge);
  const services: ServiceRecord[] = [];
  const invoices: InvoiceRecord[] = [];
  const transactions: TransactionRecord[] = [];
  for (const invoice of unpaid) {
    // Oldest first while the balance covers them: the first one it cannot pay stops it.
    if (invoice.amount_cents > balance) break;
    const service =
      invoice.service_ref === undefined ? undefined : input.serviceOf(invoice.service_ref);
    if (service === undefined || service.renewal_invoice_ref !== invoice.invoice_ref) continue;
    balance -= invoice.amount_cents;
    const paid: InvoiceRecord = {
      ...invoice,
      status: 'paid',
      paid_at: at,
      customer_payable: false,
    };
    invoices.push(paid);
    transactions.push(renewalTransaction(paid, input.nextRef('TXN'), at));
    services.push(renewedService(service));
  }
  return {
    account: { ...account, balance_cents: balance },
    topUp: topUpRecord,
    services,
    invoices,
    transactions,
  };
}
