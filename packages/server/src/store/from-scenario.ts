import type { Invoice, Order, Transaction } from '@refapi/schema';
import { toCents } from '../domain/money';
import type { ScenarioAccount, ScenarioPlan, ScenarioService } from '../scenario/schema';
import type {
  AccountRecord,
  InvoiceRecord,
  OrderRecord,
  PlanRecord,
  ServiceRecord,
  TransactionRecord,
} from './records';

// Scenario documents carry money as JSON numbers; records carry integer cents.

/** A scenario account as a stored record (lists dropped, balance in cents). */
export function accountRecord(account: ScenarioAccount): AccountRecord {
  const { balance, services, invoices, orders, transactions, generate, ...rest } = account;
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
export const serviceRecord = (service: ScenarioService, accountRef: string): ServiceRecord => ({
  ...service,
  account_ref: accountRef,
});

/** A public invoice as a stored record. */
export function invoiceRecord(invoice: Invoice, accountRef: string): InvoiceRecord {
  const { amount, fee, penalty, vat_amount, ...rest } = invoice;
  return {
    ...rest,
    account_ref: accountRef,
    amount_cents: toCents(amount),
    fee_cents: toCents(fee),
    penalty_cents: toCents(penalty),
    vat_amount_cents: toCents(vat_amount),
  };
}

/** A public order as a stored record. */
export function orderRecord(order: Order, accountRef: string): OrderRecord {
  const { amount, ...rest } = order;
  return { ...rest, account_ref: accountRef, amount_cents: toCents(amount) };
}

/** A public transaction as a stored record. */
export function transactionRecord(txn: Transaction, accountRef: string): TransactionRecord {
  const { amount, fee, penalty, vat_amount, ...rest } = txn;
  return {
    ...rest,
    account_ref: accountRef,
    amount_cents: toCents(amount),
    fee_cents: toCents(fee),
    penalty_cents: toCents(penalty),
    vat_amount_cents: toCents(vat_amount),
  };
}
