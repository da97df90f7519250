import { ListInvoicesQuery, ListOrdersQuery, ListTransactionsQuery } from '@refapi/schema';
import type { Handler } from '../cli/lazy-action';
import { createClient } from '../runtime/client';
import { type PagingFlags, pagingRequest, printList } from '../runtime/print-list';
import { asFlag, validateInput } from '../runtime/validate';
import { invoiceView, orderView, transactionView } from './views';

/** `refctl invoices list`. */
export const listInvoices: Handler = async (ctx, _args, opts) => {
  const { query, options } = pagingRequest(ctx, opts as PagingFlags);
  const valid = validateInput(ListInvoicesQuery, query, asFlag);
  const client = await createClient(ctx);
  await printList(ctx, client.invoices.list(valid, options), invoiceView, options.maxItems);
};

/** `refctl orders list`. */
export const listOrders: Handler = async (ctx, _args, opts) => {
  const { query, options } = pagingRequest(ctx, opts as PagingFlags);
  const valid = validateInput(ListOrdersQuery, query, asFlag);
  const client = await createClient(ctx);
  await printList(ctx, client.orders.list(valid, options), orderView, options.maxItems);
};

/** `refctl transactions list`. */
export const listTransactions: Handler = async (ctx, _args, opts) => {
  const { query, options } = pagingRequest(ctx, opts as PagingFlags);
  const valid = validateInput(ListTransactionsQuery, query, asFlag);
  const client = await createClient(ctx);
  await printList(ctx, client.transactions.list(valid, options), transactionView, options.maxItems);
};
