import type { CreatedService, CreateOrderResponse } from '@refapi/schema';
import { addMonths, dayOfMonth } from '../domain/calendar';
import { fromCents } from '../domain/money';
import { type OrderQuote, quoteOrder } from '../domain/orders';
import type { AccountRecord, ServiceRecord } from '../domain/records';
import { refDigits } from '../domain/refs';
import { isoTime } from '../internal/iso-time';
import type { Change } from '../store/store';
import type { OperationImpls } from './types';

// Ordered servers get a deterministic address from the shared address space 100.64/10.
function addressFor(hexDigits: string): string {
  // The value mod 2^22 is in its last six hex digits: no bigint per order.
  const n = Number.parseInt(hexDigits.slice(-6), 16) & 0x3f_ffff;
  return ['100.', 64 + (n >> 16), '.', (n >> 8) & 255, '.', n & 255].join('');
}

function newService(
  quote: OrderQuote,
  account: AccountRecord,
  serviceRef: string,
  nowMs: number,
  addons: ServiceRecord['ordered_addons'],
): ServiceRecord {
  const { plan, period, region, osName } = quote;
  const hexDigits = refDigits(serviceRef);
  const service: ServiceRecord = {
    service_ref: serviceRef,
    name: `${plan.code}-${hexDigits.toLowerCase()}`,
    service_plan_name: plan.name,
    type: plan.service_type,
    status: 'active',
    auto_renew: false,
    // Calendar months, the term's day kept for its renewals (reference spec, section 9).
    expires_at: isoTime(addMonths(nowMs, period.months)),
    last_period_unit: 'month',
    last_period_amount: period.months,
    account_ref: account.account_ref,
    reseller: false,
    term_day: dayOfMonth(nowMs),
  };
  if (addons !== undefined && addons.length > 0) {
    service.ordered_addons = addons.map(({ addon_ref, units }) => ({ addon_ref, units }));
  }
  if (plan.service_type === 'kvm' || plan.service_type === 'dedicated') {
    const ip = addressFor(hexDigits);
    service.primary_ip = ip;
    service.ip_addresses = [ip];
  }
  if (plan.service_type === 'kvm') service.power_state = 'running';
  if (osName !== undefined) service.os_name = osName;
  if (region?.name !== undefined) service.location = region.name;
  return service;
}

function createdService(quote: OrderQuote, service: ServiceRecord): CreatedService {
  const { plan, period } = quote;
  const out: CreatedService = {
    name: service.name,
    service_plan_name: service.service_plan_name,
    type: service.type,
    status: service.status,
    monthly_price_eur: fromCents(plan.price_eur_cents),
    last_period_unit: 'month',
    last_period_amount: period.months,
    ...plan.specs,
  };
  if (quote.region?.name !== undefined) out.location = quote.region.name;
  if (quote.osName !== undefined) out.os_name = quote.osName;
  if (service.expires_at !== undefined) out.expires_at = service.expires_at;
  return out;
}

/**
 * POST /orders: one atomic step. Quote against the current catalog and balance, then
 * commit invoice + service + order + ledger transaction + debit (+ stock) together.
 */
export const orderOperations = {
  createOrder({ account: caller, body, now }, ctx) {
    const { store } = ctx;
    return store.write(async () => {
      const account = store.livePartition(caller.account_ref).account;
      const quote = quoteOrder(body, account, store.plans.values(), store.rates);
      const nowMs = now.getTime();
      const at = isoTime(nowMs);
      const currency = account.account_currency;
      const accountRef = account.account_ref;
      const [serviceRef, invoiceRef, orderRef, txnRef] = ['SVC', 'INV', 'ORD', 'TXN'].map((kind) =>
        store.nextRef(kind),
      ) as [string, string, string, string];
      // Texts the records keep are joined, not templates: V8 builds a template's result of 13
      // characters or more as a rope of its pieces, which the record then keeps alive, and
      // the collector copies, piece by piece (~300 bytes an order).
      const description = [quote.plan.name, ' (', quote.period.name, ')'].join('');
      const service = newService(quote, account, serviceRef, nowMs, body.addons);
      const balanceCents = account.balance_cents - quote.totalCents;
      const changes: Change[] = [
        {
          kind: 'invoices',
          record: {
            invoice_ref: invoiceRef,
            kind: 'service_order',
            transaction_kind: 'debit',
            amount_cents: quote.totalCents,
            fee_cents: 0,
            penalty_cents: 0,
            vat_amount_cents: quote.vatCents,
            vat_rate: account.vat_rate,
            currency,
            status: 'paid',
            issue_date: at,
            due_date: at,
            paid_at: at,
            description,
            customer_payable: false,
            service_ref: serviceRef,
            account_ref: accountRef,
          },
        },
        { kind: 'services', record: service },
        {
          kind: 'transactions',
          record: {
            transaction_ref: txnRef,
            kind: 'service_order',
            amount_cents: -quote.totalCents,
            fee_cents: 0,
            penalty_cents: 0,
            vat_amount_cents: quote.vatCents,
            currency,
            status: 'completed',
            method: 'balance',
            description: ['Order ', orderRef, ': ', description].join(''),
            service_order: true,
            created_at: at,
            invoice_ref: invoiceRef,
            service_ref: serviceRef,
            account_ref: accountRef,
          },
        },
        {
          kind: 'orders',
          record: {
            order_ref: orderRef,
            order_type: 'new_service',
            status: 'completed',
            amount_cents: quote.totalCents,
            currency,
            description,
            service_ref: serviceRef,
            invoice_ref: invoiceRef,
            transaction_ref: txnRef,
            created_at: at,
            account_ref: accountRef,
          },
        },
        { kind: 'accounts', record: { ...account, balance_cents: balanceCents } },
      ];
      if (quote.plan.stock !== undefined) {
        changes.push({ kind: 'plans', record: { ...quote.plan, stock: quote.plan.stock - 1 } });
      }
      await store.commitBuilt(changes);
      const response: CreateOrderResponse = {
        service_ref: serviceRef,
        service: createdService(quote, service),
        balance: { amount: fromCents(balanceCents), currency },
        idempotent_replayed: false,
        server_time: at,
      };
      return { status: 200, body: response };
    });
  },
} satisfies Partial<OperationImpls>;
