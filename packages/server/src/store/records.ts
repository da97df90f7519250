import { AccountRef, Invoice, Order, Service, Transaction } from '@refapi/schema';
import { z } from 'zod';
import { ScenarioAccount, ScenarioPlan } from '../scenario/schema';

// Stored records: the public shapes of @refapi/schema with money as integer cents and the
// owning account_ref (partition key). Conversion to JSON numbers happens at the edge.

const cents = z.int();

/**
 * A stored account: identity, balance in cents, billing and Shield subscription. Its API
 * keys live on the partition: they never change after a load, and a record that held them
 * would make every balance debit copy, validate and journal the whole key list.
 */
export const AccountRecord = ScenarioAccount.omit({
  api_keys: true,
  balance: true,
  services: true,
  invoices: true,
  orders: true,
  transactions: true,
  generate: true,
}).extend({ balance_cents: cents });

/** A stored service (additional properties kept, as the public Service allows them). */
export const ServiceRecord = Service.extend({
  account_ref: AccountRef,
  reseller: z.boolean(),
});

/** A stored invoice. */
export const InvoiceRecord = Invoice.omit({
  amount: true,
  fee: true,
  penalty: true,
  vat_amount: true,
}).extend({
  account_ref: AccountRef,
  amount_cents: cents,
  fee_cents: cents,
  penalty_cents: cents,
  vat_amount_cents: cents,
});

/** A stored order. */
export const OrderRecord = Order.omit({ amount: true }).extend({
  account_ref: AccountRef,
  amount_cents: cents,
});

/** A stored ledger transaction (description kept unredacted; redacted at the edge). */
export const TransactionRecord = Transaction.omit({
  amount: true,
  fee: true,
  penalty: true,
  vat_amount: true,
}).extend({
  account_ref: AccountRef,
  amount_cents: cents,
  fee_cents: cents,
  penalty_cents: cents,
  vat_amount_cents: cents,
});

/** A stored plan with its prices in EUR cents. */
export const PlanRecord = ScenarioPlan.omit({
  price_eur: true,
  period_prices: true,
  addons: true,
}).extend({
  price_eur_cents: cents,
  period_prices_cents: z.record(z.string(), cents).optional(),
  addons: z.array(
    z.strictObject({ addon_ref: z.string(), name: z.string(), price_eur_cents: cents }),
  ),
});

/** A stored account. */
export type AccountRecord = z.output<typeof AccountRecord>;
/** A stored service. */
export type ServiceRecord = z.output<typeof ServiceRecord>;
/** A stored invoice. */
export type InvoiceRecord = z.output<typeof InvoiceRecord>;
/** A stored order. */
export type OrderRecord = z.output<typeof OrderRecord>;
/** A stored ledger transaction. */
export type TransactionRecord = z.output<typeof TransactionRecord>;
/** A stored plan. */
export type PlanRecord = z.output<typeof PlanRecord>;

/** The record schema of each collection kind. */
export const recordSchemas = {
  accounts: AccountRecord,
  plans: PlanRecord,
  services: ServiceRecord,
  invoices: InvoiceRecord,
  orders: OrderRecord,
  transactions: TransactionRecord,
} as const;

/** A collection kind. */
export type RecordKind = keyof typeof recordSchemas;
/** The record type of a collection kind. */
export type RecordOf<K extends RecordKind> = z.output<(typeof recordSchemas)[K]>;
/** Kinds whose records are partitioned per account. */
export type AccountRecordKind = 'services' | 'invoices' | 'orders' | 'transactions';
