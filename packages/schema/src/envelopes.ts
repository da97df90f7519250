import { z } from 'zod';
import { Invoice, Order, Transaction } from './billing';
import { DateTime, Pagination } from './common';
import { Plan } from './plan';
import { Service } from './service';

// Declaration output: each object schema is typed `z.ZodObject<typeof shape, …>` over a named
// shape, and a nested schema is asserted to its own type (`X as typeof X`), so that the
// published .d.ts names them; inferred, they are written out inline without the fields' doc
// comments, which an editor then cannot show.

// Every list envelope is `{<items>: [...], pagination, server_time}`. Each is written out,
// not built by a helper, so that every field of the inferred types carries its doc comment.
const pageFields = {
  /** Whether more items follow, and the `cursor` of the next page. */
  pagination: Pagination as typeof Pagination,
  /** The server's time of the answer. */
  server_time: DateTime,
};

const invoicePageShape = {
  /** The invoices of this page, newest reference first. */
  invoices: z.array(Invoice) as z.ZodArray<typeof Invoice>,
  ...pageFields,
};

/** One page of invoices. */
export const InvoicePage: z.ZodObject<typeof invoicePageShape, z.core.$strict> = z
  .strictObject(invoicePageShape)
  .meta({ id: 'InvoicePage' });
const orderPageShape = {
  /** The orders of this page, newest reference first. */
  orders: z.array(Order) as z.ZodArray<typeof Order>,
  ...pageFields,
};

/** One page of orders. */
export const OrderPage: z.ZodObject<typeof orderPageShape, z.core.$strict> = z
  .strictObject(orderPageShape)
  .meta({ id: 'OrderPage' });
const transactionPageShape = {
  /** The transactions of this page, newest reference first. */
  transactions: z.array(Transaction) as z.ZodArray<typeof Transaction>,
  ...pageFields,
};

/** One page of ledger transactions. */
export const TransactionPage: z.ZodObject<typeof transactionPageShape, z.core.$strict> = z
  .strictObject(transactionPageShape)
  .meta({ id: 'TransactionPage' });
const servicePageShape = {
  /** The primary services of this page, newest reference first. */
  services: z.array(Service) as z.ZodArray<typeof Service>,
  ...pageFields,
};

/** One page of services. */
export const ServicePage: z.ZodObject<typeof servicePageShape, z.core.$strict> = z
  .strictObject(servicePageShape)
  .meta({ id: 'ServicePage' });
const planPageShape = {
  /** The saleable plans of this page. */
  plans: z.array(Plan) as z.ZodArray<typeof Plan>,
  ...pageFields,
};

/** One page of plans. */
export const PlanPage: z.ZodObject<typeof planPageShape, z.core.$strict> = z
  .strictObject(planPageShape)
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
