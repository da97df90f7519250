import { z } from 'zod';
import { DateTime } from './common';
import { InvoiceRef, OrderRef, ServiceRef, TransactionRef } from './refs';

/** An invoice of the account. */
export const Invoice = z
  .strictObject({
    invoice_ref: InvoiceRef,
    kind: z.string(),
    transaction_kind: z.string(),
    amount: z.number(),
    fee: z.number(),
    penalty: z.number(),
    vat_amount: z.number(),
    vat_rate: z.number(),
    currency: z.string(),
    status: z.string(),
    issue_date: DateTime,
    description: z.string(),
    customer_payable: z.boolean(),
    service_ref: ServiceRef.optional(),
    due_date: DateTime.optional(),
    paid_at: DateTime.optional(),
  })
  .meta({ id: 'Invoice' });

/** An order placed by the account. */
export const Order = z
  .strictObject({
    order_ref: OrderRef,
    order_type: z.string(),
    status: z.string(),
    amount: z.number(),
    currency: z.string(),
    description: z.string(),
    service_ref: ServiceRef.optional(),
    invoice_ref: InvoiceRef.optional(),
    transaction_ref: TransactionRef.optional(),
    created_at: DateTime.optional(),
  })
  .meta({ id: 'Order' });

/** A ledger transaction; its description is redacted. */
export const Transaction = z
  .strictObject({
    transaction_ref: TransactionRef,
    kind: z.string(),
    amount: z.number(),
    fee: z.number(),
    penalty: z.number(),
    vat_amount: z.number(),
    currency: z.string(),
    status: z.string(),
    method: z.string(),
    description: z.string(),
    service_order: z.boolean(),
    created_at: DateTime,
    invoice_ref: InvoiceRef.optional(),
    service_ref: ServiceRef.optional(),
  })
  .meta({ id: 'Transaction' });

/** An invoice. */
export type Invoice = z.infer<typeof Invoice>;
/** An order. */
export type Order = z.infer<typeof Order>;
/** A ledger transaction. */
export type Transaction = z.infer<typeof Transaction>;
