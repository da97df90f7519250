import { z } from 'zod';
import { Invoice, Order, Transaction } from './billing';
import { DateTime, Pagination } from './common';
import { Plan } from './plan';
import { Service } from './service';

// Every list envelope is `{<items>: [...], pagination, server_time}`. Each is written out,
// not built by a helper, so that every field of the inferred types carries its doc comment.
const pageFields = {
  /** Whether more items follow, and the `cursor` of the next page. */
  pagination: Pagination,
  /** The server's time of the answer. */
  server_time: DateTime,
};

/** One page of invoices. */
export const InvoicePage = z
  .strictObject({
    /** The invoices of this page, newest reference first. */
    invoices: z.array(Invoice),
    ...pageFields,
  })
  .meta({ id: 'InvoicePage' });
/** One page of orders. */
export const OrderPage = z
  .strictObject({
    /** The orders of this page, newest reference first. */
    orders: z.array(Order),
    ...pageFields,
  })
  .meta({ id: 'OrderPage' });
/** One page of ledger transactions. */
export const TransactionPage = z
  .strictObject({
    /** The transactions of this page, newest reference first. */
    transactions: z.array(Transaction),
    ...pageFields,
  })
  .meta({ id: 'TransactionPage' });
/** One page of services. */
export const ServicePage = z
  .strictObject({
    /** The primary services of this page, newest reference first. */
    services: z.array(Service),
    ...pageFields,
  })
  .meta({ id: 'ServicePage' });
/** One page of plans. */
export const PlanPage = z
  .strictObject({
    /** The saleable plans of this page. */
    plans: z.array(Plan),
    ...pageFields,
  })
  .meta({ id: 'PlanPage' });

/** A page of invoices. */
export type InvoicePage = z.infer<typeof InvoicePage>;
/** A page of orders. */
export type OrderPage = z.infer<typeof OrderPage>;
/** A page of transactions. */
export type TransactionPage = z.infer<typeof TransactionPage>;
/** A page of services. */
export type ServicePage = z.infer<typeof ServicePage>;
/** A page of plans. */
export type PlanPage = z.infer<typeof PlanPage>;
