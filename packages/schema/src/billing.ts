import { z } from 'zod';
import { DateTime } from './common';
import { openEnum } from './open-enum';
import { InvoiceRef, OrderRef, ServiceRef, TransactionRef } from './refs';
import {
  CURRENCIES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  INVOICE_TRANSACTION_KINDS,
  ORDER_STATUSES,
  ORDER_TYPES,
  TRANSACTION_KINDS,
  TRANSACTION_METHODS,
  TRANSACTION_STATUSES,
} from './values';

// Declaration output: each object schema is typed `z.ZodObject<typeof shape, …>` over a named
// shape, and a nested schema is asserted to its own type (`X as typeof X`), so that the
// published .d.ts names them; inferred, they are written out inline without the fields' doc
// comments, which an editor then cannot show.

// Amounts are in the account currency, the authoritative one. Linked references (service,
// invoice, transaction) appear only when they point at something the account owns.

const invoiceShape = {
  /** The invoice's public reference, `REF-INV-…`. */
  invoice_ref: InvoiceRef,
  /** What the invoice is for, e.g. `service_order` or `service_renewal`. The value set is open. */
  kind: openEnum(INVOICE_KINDS),
  /** The ledger direction of the invoice, e.g. `debit`. The value set is open. */
  transaction_kind: openEnum(INVOICE_TRANSACTION_KINDS),
  /** The total, VAT included, in `currency`. */
  amount: z.number(),
  /** Fees included in the invoice. */
  fee: z.number(),
  /** Penalties included in the invoice. */
  penalty: z.number(),
  /** The VAT part of `amount`. */
  vat_amount: z.number(),
  /** The VAT rate as a decimal (0.19). */
  vat_rate: z.number(),
  /** The invoice currency: the account currency. */
  currency: openEnum(CURRENCIES),
  /** The invoice status, e.g. `paid` or `unpaid`. The value set is open. */
  status: openEnum(INVOICE_STATUSES),
  /** When the invoice was issued. */
  issue_date: DateTime,
  /** What was invoiced. */
  description: z.string(),
  /** Whether the customer still has to pay the invoice. */
  customer_payable: z.boolean(),
  /** The invoiced service, when the account owns it. */
  service_ref: ServiceRef.optional(),
  /** When payment is due (open invoices). */
  due_date: DateTime.optional(),
  /** When the invoice was paid. */
  paid_at: DateTime.optional(),
};

/** An invoice of the account. */
export const Invoice: z.ZodObject<typeof invoiceShape, z.core.$strict> = z
  .strictObject(invoiceShape)
  .meta({ id: 'Invoice' });

const orderShape = {
  /** The order's public reference, `REF-ORD-…`. */
  order_ref: OrderRef,
  /** What the order did, e.g. `new_service`. The value set is open. */
  order_type: openEnum(ORDER_TYPES),
  /** The order status, e.g. `completed`. The value set is open. */
  status: openEnum(ORDER_STATUSES),
  /** What the order charged, in `currency`. */
  amount: z.number(),
  /** The order currency: the account currency. */
  currency: openEnum(CURRENCIES),
  /** What was ordered. */
  description: z.string(),
  /** The service the order bought, when the account owns it. */
  service_ref: ServiceRef.optional(),
  /** The order's invoice, when the account owns it. */
  invoice_ref: InvoiceRef.optional(),
  /** The order's ledger transaction, when the account owns it. */
  transaction_ref: TransactionRef.optional(),
  /** When the order was placed. */
  created_at: DateTime.optional(),
};

/** An order placed by the account. */
export const Order: z.ZodObject<typeof orderShape, z.core.$strict> = z
  .strictObject(orderShape)
  .meta({ id: 'Order' });

const transactionShape = {
  /** The transaction's public reference, `REF-TXN-…`. */
  transaction_ref: TransactionRef,
  /** What moved the balance, e.g. `top_up` or `service_order`. The value set is open. */
  kind: openEnum(TRANSACTION_KINDS),
  /** The signed amount: positive credits the balance, negative debits it. */
  amount: z.number(),
  /** Fees of the transaction. */
  fee: z.number(),
  /** Penalties of the transaction. */
  penalty: z.number(),
  /** The VAT part of the transaction. */
  vat_amount: z.number(),
  /** The transaction currency: the account currency. */
  currency: openEnum(CURRENCIES),
  /** The transaction status, e.g. `completed`. The value set is open. */
  status: openEnum(TRANSACTION_STATUSES),
  /** How it was paid, e.g. `balance` or `card`. The value set is open. */
  method: openEnum(TRANSACTION_METHODS),
  /** What the transaction was; card and account numbers and IBANs keep only their last 4 characters. */
  description: z.string(),
  /** Whether the transaction paid for an order. */
  service_order: z.boolean(),
  /** When the transaction was booked. */
  created_at: DateTime,
  /** The invoice the transaction settles, when the account owns it. */
  invoice_ref: InvoiceRef.optional(),
  /** The service the transaction is for, when the account owns it. */
  service_ref: ServiceRef.optional(),
};

/** A ledger transaction; its description is redacted. */
export const Transaction: z.ZodObject<typeof transactionShape, z.core.$strict> = z
  .strictObject(transactionShape)
  .meta({ id: 'Transaction' });

/** An invoice. */
export type Invoice = z.infer<typeof Invoice>;
/** An order. */
export type Order = z.infer<typeof Order>;
/** A ledger transaction. */
export type Transaction = z.infer<typeof Transaction>;
