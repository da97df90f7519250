import { ListInvoicesQuery, ListOrdersQuery, ListTransactionsQuery } from '@refapi/schema/billing';
import { typedHandler } from '../cli/typed-handler';
import { createClient } from '../runtime/client';
import { pagingRequest, printList } from '../runtime/print-list';
import { asFlag, validateInput } from '../runtime/validate';
import { PagingFlags } from './flags';
import { invoiceView, orderView, transactionView } from './views';

/** `refctl invoices list`. */
export const invoicesList = typedHandler(PagingFlags, async (ctx, _args, opts) => {
  const paging = pagingRequest(ctx, opts, invoiceView);
  const valid = validateInput(ListInvoicesQuery, paging.query, asFlag);
  const client = await createClient(ctx);
  await printList(ctx, client.invoices.list(valid, paging.options), invoiceView, paging);
});

/** `refctl orders list`. */
export const ordersList = typedHandler(PagingFlags, async (ctx, _args, opts) => {
  const paging = pagingRequest(ctx, opts, orderView);
  const valid = validateInput(ListOrdersQuery, paging.query, asFlag);
  const client = await createClient(ctx);
  await printList(ctx, client.orders.list(valid, paging.options), orderView, paging);
});

/** `refctl transactions list`. */
export const transactionsList = typedHandler(PagingFlags, async (ctx, _args, opts) => {
  const paging = pagingRequest(ctx, opts, transactionView);
  const valid = validateInput(ListTransactionsQuery, paging.query, asFlag);
  const client = await createClient(ctx);
  await printList(ctx, client.transactions.list(valid, paging.options), transactionView, paging);
});
