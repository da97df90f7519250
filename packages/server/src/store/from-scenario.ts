import type { Invoice, Order, Transaction } from '@refapi/schema';
import { toCents } from '../domain/money';
import type { ScenarioAccount, ScenarioPlan, ScenarioService } from '../scenario/schema';
import { copyWithout } from './copy-fields';
import type {
  AccountRecord,
  InvoiceRecord,
  OrderRecord,
  PlanRecord,
  ServiceRecord,
  TransactionRecord,
} from './records';

// Scenario documents carry money as JSON numbers; records carry integer cents.

const NONE: ReadonlySet<string> = new Set();

/** A scenario account as a stored record (keys and lists dropped, balance in cents). */
export function accountRecord(account: ScenarioAccount): AccountRecord {
  const { api_keys, balance, services, invoices, orders, transactions, generate, ...rest } =
    account;
  return { ...rest, balance_cents: toCents(balance) };
}

/** A scenario plan as a stored record (prices in EUR cents). */
export function planRecord(plan: ScenarioPlan): PlanRecord {
  const { price_eur, period_prices, addons, ...rest } = plan;
  const record: PlanRecord = {
    ...rest,
    price_eur_cents: toCents(price_eur),
    addons: addons.map(({ price_eur: price, ...addon }) => ({
      ...addon,
      price_eur_cents: toCents(price),
    })),
  };
  if (period_prices !== undefined) {
    record.period_prices_cents = Object.fromEntries(
      Object.entries(period_prices).map(([name, price]) => [name, toCents(price)]),
    );
  }
  return record;
}

/** A scenario service as a stored record. */
export function serviceRecord(service: ScenarioService, accountRef: string): ServiceRecord {
  const record = copyWithout(service, NONE);
  record.account_ref = accountRef;
  return record as ServiceRecord;
}

const INVOICE_MONEY = new Set(['amount', 'fee', 'penalty', 'vat_amount']);
const ORDER_MONEY = new Set(['amount']);

/** A public invoice as a stored record. */
export function invoiceRecord(invoice: Invoice, accountRef: string): InvoiceRecord {
  const record = copyWithout(invoice, INVOICE_MONEY);
  record.account_ref = accountRef;
  record.amount_cents = toCents(invoice.amount);
  record.fee_cents = toCents(invoice.fee);
  record.penalty_cents = toCents(invoice.penalty);
  record.vat_amount_cents = toCents(invoice.vat_amount);
  return record as InvoiceRecord;
}

/** A public order as a stored record. */
export function orderRecord(order: Order, accountRef: string): OrderRecord {
  const record = copyWithout(order, ORDER_MONEY);
  record.account_ref = accountRef;
  record.amount_cents = toCents(order.amount);
  return record as OrderRecord;
}

/** A public transaction as a stored record. */
export function transactionRecord(txn: Transaction, accountRef: string): TransactionRecord {
  const record = copyWithout(txn, INVOICE_MONEY);
  record.account_ref = accountRef;
  record.amount_cents = toCents(txn.amount);
  record.fee_cents = toCents(txn.fee);
  record.penalty_cents = toCents(txn.penalty);
  record.vat_amount_cents = toCents(txn.vat_amount);
  return record as TransactionRecord;
}
