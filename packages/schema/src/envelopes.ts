import { z } from 'zod';
import { Invoice, Order, Transaction } from './billing';
import { DateTime, Pagination } from './common';
import { Plan } from './plan';
import { Service } from './service';

// Every list envelope is `{<items>: [...], pagination, server_time}`.
function page<K extends string, T extends z.ZodType>(id: string, key: K, item: T) {
  const shape = { [key]: z.array(item), pagination: Pagination, server_time: DateTime } as Record<
    K,
    z.ZodArray<T>
  > & { pagination: typeof Pagination; server_time: typeof DateTime };
  return z.strictObject(shape).meta({ id });
}

/** One page of invoices. */
export const InvoicePage = page('InvoicePage', 'invoices', Invoice);
/** One page of orders. */
export const OrderPage = page('OrderPage', 'orders', Order);
/** One page of ledger transactions. */
export const TransactionPage = page('TransactionPage', 'transactions', Transaction);
/** One page of services. */
export const ServicePage = page('ServicePage', 'services', Service);
/** One page of plans. */
export const PlanPage = page('PlanPage', 'plans', Plan);

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
