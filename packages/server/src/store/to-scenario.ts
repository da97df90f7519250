import type { Invoice, Order, Transaction } from '@refapi/schema';
import { fromCents } from '../domain/money';
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

// Records back to the scenario document's public field names (cents to JSON numbers).

/** A stored plan in scenario form. */
export function scenarioPlan(plan: PlanRecord): ScenarioPlan {
  const { price_eur_cents, period_prices_cents, addons, ...rest } = plan;
  const out: ScenarioPlan = {
    ...rest,
    price_eur: fromCents(price_eur_cents),
    addons: addons.map(({ price_eur_cents: price, ...addon }) => ({
      ...addon,
      price_eur: fromCents(price),
    })),
  };
  if (period_prices_cents !== undefined) {
    out.period_prices = Object.fromEntries(
      Object.entries(period_prices_cents).map(([name, price]) => [name, fromCents(price)]),
    );
  }
  return out;
}

const ACCOUNT_REF = new Set(['account_ref']);
const INVOICE_FIELDS = new Set([
  'account_ref',
  'amount_cents',
  'fee_cents',
  'penalty_cents',
  'vat_amount_cents',
]);
const ORDER_FIELDS = new Set(['account_ref', 'amount_cents']);

/** A stored service in scenario form. */
function scenarioService(service: ServiceRecord): ScenarioService {
  return copyWithout(service, ACCOUNT_REF) as ScenarioService;
}

/** A stored invoice in public form. */
export function publicInvoice(invoice: InvoiceRecord): Invoice {
  const out = copyWithout(invoice, INVOICE_FIELDS);
  out.amount = fromCents(invoice.amount_cents);
  out.fee = fromCents(invoice.fee_cents);
  out.penalty = fromCents(invoice.penalty_cents);
  out.vat_amount = fromCents(invoice.vat_amount_cents);
  return out as Invoice;
}

/** A stored order in public form. */
export function publicOrder(order: OrderRecord): Order {
  const out = copyWithout(order, ORDER_FIELDS);
  out.amount = fromCents(order.amount_cents);
  return out as Order;
}

/** A stored transaction in public form (description NOT redacted: the caller decides). */
export function publicTransaction(txn: TransactionRecord): Transaction {
  const out = copyWithout(txn, INVOICE_FIELDS);
  out.amount = fromCents(txn.amount_cents);
  out.fee = fromCents(txn.fee_cents);
  out.penalty = fromCents(txn.penalty_cents);
  out.vat_amount = fromCents(txn.vat_amount_cents);
  return out as Transaction;
}

/** A stored account with its records in scenario form. */
export function scenarioAccount(
  account: AccountRecord,
  apiKeys: ScenarioAccount['api_keys'],
  lists: {
    services: ServiceRecord[];
    invoices: InvoiceRecord[];
    orders: OrderRecord[];
    transactions: TransactionRecord[];
  },
): ScenarioAccount {
  const { balance_cents, ...rest } = account;
  return {
    ...rest,
    api_keys: apiKeys,
    balance: fromCents(balance_cents),
    services: lists.services.map(scenarioService),
    invoices: lists.invoices.map(publicInvoice),
    orders: lists.orders.map(publicOrder),
    transactions: lists.transactions.map(publicTransaction),
  };
}
