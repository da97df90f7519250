import { applyRate } from '../domain/money';
import type { InvoiceRecord, TransactionRecord } from '../domain/records';
import type { RefAllocator } from '../domain/refs';
import { mulberry32 } from '../internal/mulberry32';
import type { ScenarioAccount, ScenarioService } from './schema';

/**
 * Records added to one account by its `generate` counts. Invoices and transactions come
 * out as stored records (cents) directly: at 100k records a conversion pass is measurable.
 */
export interface GeneratedRecords {
  readonly services: ScenarioService[];
  readonly invoices: InvoiceRecord[];
  readonly transactions: TransactionRecord[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SERVICE_TYPES = ['kvm', 'kvm', 'kvm', 'dedicated', 'storage_box', 's3', 'game', 'ip_subnet'];
const PLAN_NAMES: Record<string, string> = {
  kvm: 'KVM S',
  dedicated: 'Dedicated D1',
  storage_box: 'Storage Box 1TB',
  s3: 'Object Storage',
  game: 'Game Server',
  ip_subnet: 'IPv4 /29',
};

// The same account and kind always yield the same numbers (FNV-1a of the text seeds mulberry32).
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Deterministic records for an account's `generate` counts: stable refs (allocated after
 * every ref of the document), amounts from a PRNG seeded by the account ref, dates
 * spaced one hour apart ending at `startMs` so higher refs are newer.
 */
export function generateRecords(
  account: ScenarioAccount,
  refs: RefAllocator,
  startMs: number,
): GeneratedRecords {
  const counts = account.generate ?? { services: 0, invoices: 0, transactions: 0 };
  const services = generateServices(account, counts.services, refs, startMs);
  const linkable = [...account.services, ...services]
    .filter((service) => !service.reseller)
    .map((s) => s.service_ref);
  return {
    services,
    invoices: generateInvoices(account, counts.invoices, refs, startMs, linkable),
    transactions: generateTransactions(account, counts.transactions, refs, startMs),
  };
}

function generateServices(
  account: ScenarioAccount,
  count: number,
  refs: RefAllocator,
  startMs: number,
): ScenarioService[] {
  const random = mulberry32(seedOf(`${account.account_ref}:services`));
  const out: ScenarioService[] = [];
  for (let i = 0; i < count; i++) {
    const type = SERVICE_TYPES[i % SERVICE_TYPES.length] as string;
    const status = i % 13 === 12 ? 'cancelled' : i % 9 === 8 ? 'suspended' : 'active';
    const service: ScenarioService = {
      service_ref: refs.next('SVC'),
      name: `${type.replace('_', '-')}-${i + 1}`,
      service_plan_name: PLAN_NAMES[type] ?? type,
      type,
      status,
      auto_renew: random() < 0.5,
      expires_at: iso(startMs + (30 + i) * DAY_MS),
      reseller: false,
    };
    if (type === 'kvm' || type === 'dedicated') {
      const ip = `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      service.primary_ip = ip;
      service.ip_addresses = [ip];
    }
    out.push(service);
  }
  return out;
}

function generateInvoices(
  account: ScenarioAccount,
  count: number,
  refs: RefAllocator,
  startMs: number,
  serviceRefs: readonly string[],
): InvoiceRecord[] {
  const random = mulberry32(seedOf(`${account.account_ref}:invoices`));
  const out: InvoiceRecord[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const issued = startMs - (count - i) * HOUR_MS;
    const netCents = 500 + Math.floor(random() * 20_000);
    const vatCents = applyRate(netCents, account.vat_rate);
    const unpaid = i >= count - 2;
    const serviceRef = serviceRefs.length > 0 ? serviceRefs[i % serviceRefs.length] : undefined;
    const invoice: InvoiceRecord = {
      invoice_ref: refs.next('INV'),
      kind: 'service_renewal',
      transaction_kind: 'debit',
      amount_cents: netCents + vatCents,
      fee_cents: 0,
      penalty_cents: 0,
      vat_amount_cents: vatCents,
      vat_rate: account.vat_rate,
      currency: account.account_currency,
      status: unpaid ? 'unpaid' : 'paid',
      issue_date: iso(issued),
      description: `Renewal ${i + 1}`,
      customer_payable: unpaid,
      account_ref: account.account_ref,
    };
    if (serviceRef !== undefined) invoice.service_ref = serviceRef;
    // Paid invoices carry when they were paid, open ones when they are due.
    if (unpaid) invoice.due_date = iso(issued + 14 * DAY_MS);
    else invoice.paid_at = iso(issued + HOUR_MS / 2);
    out[i] = invoice;
  }
  return out;
}

function generateTransactions(
  account: ScenarioAccount,
  count: number,
  refs: RefAllocator,
  startMs: number,
): TransactionRecord[] {
  const random = mulberry32(seedOf(`${account.account_ref}:transactions`));
  const out: TransactionRecord[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const topUp = i % 2 === 0;
    const cents = 1_000 + Math.floor(random() * 10_000);
    const card = String(Math.floor(random() * 1e16)).padStart(16, '4');
    out[i] = {
      transaction_ref: refs.next('TXN'),
      kind: topUp ? 'top_up' : 'service_renewal',
      amount_cents: topUp ? cents : -cents,
      fee_cents: 0,
      penalty_cents: 0,
      vat_amount_cents: 0,
      currency: account.account_currency,
      status: 'completed',
      method: topUp ? 'card' : 'balance',
      description: topUp ? `Top-up by card ${card}` : `Renewal debit ${i + 1}`,
      service_order: false,
      created_at: iso(startMs - (count - i) * HOUR_MS),
      account_ref: account.account_ref,
    };
  }
  return out;
}
