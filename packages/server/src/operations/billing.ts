import type { InvoicePage, OrderPage, TransactionPage } from '@refapi/schema';
import { pageDescending } from '../domain/pagination';
import { isoTime } from '../internal/iso-time';
import { presentInvoice, presentOrder, presentTransaction } from './present';
import type { OperationImpls } from './types';

/** GET /invoices, /orders and /transactions: newest reference first, cursor-paginated. */
export const billingOperations = {
  listInvoices({ partition, query, now }) {
    const table = partition.invoices;
    const page = pageDescending(table.refs, (ref) => table.get(ref), query);
    const body: InvoicePage = {
      invoices: page.items.map((record) => presentInvoice(record, partition)),
      pagination: page.pagination,
      server_time: isoTime(now.getTime()),
    };
    return { status: 200, body };
  },

  listOrders({ partition, query, now }) {
    const table = partition.orders;
    const page = pageDescending(table.refs, (ref) => table.get(ref), query);
    const body: OrderPage = {
      orders: page.items.map((record) => presentOrder(record, partition)),
      pagination: page.pagination,
      server_time: isoTime(now.getTime()),
    };
    return { status: 200, body };
  },

  listTransactions({ partition, query, now }) {
    const table = partition.transactions;
    const page = pageDescending(table.refs, (ref) => table.get(ref), query);
    const body: TransactionPage = {
      transactions: page.items.map((record) => presentTransaction(record, partition)),
      pagination: page.pagination,
      server_time: isoTime(now.getTime()),
    };
    return { status: 200, body };
  },
} satisfies Partial<OperationImpls>;
