import { ListInvoicesQuery, ListOrdersQuery, ListTransactionsQuery } from '@refapi/schema/billing';
import { typedHandler } from '../cli/typed-handler';
import { createClient } from '../runtime/client';
import { pagingRequest, printList } from '../runtime/print-list';
import { asFlag, validateInput } from '../runtime/validate';
import { PagingFlags } from './flags';
import { invoiceView, orderView, transactionView } from './views';

/** `refctl invoices list`. */
export const invoicesList = typedHandler(PagingFlags, async (ctx, _args, opts) => {
  const { query, options, limitGiven } = pagingRequest(ctx, opts, invoiceView);
  const valid = validateInput(ListInvoicesQuery, query, asFlag);
  const client = await createClient(ctx);
  await printList(
    ctx,
    client.invoices.list(valid, options),
    invoiceView,
    options.maxItems,
    limitGiven,
  );
});

/** `refctl orders list`. */
export const ordersList = typedHandler(PagingFlags, async (ctx, _args, opts) => {
  const { query, options, limitGiven } = pagingRequest(ctx, opts, orderView);
  const valid = validateInput(ListOrdersQuery, query, asFlag);
  const client = await createClient(ctx);
  await printList(ctx, client.orders.list(valid, options), orderView, options.maxItems, limitGiven);
});

/** `refctl transactions list`. */
export const transactionsList = typedHandler(PagingFlags, async (ctx, _args, opts) => {
  const { query, options, limitGiven } = pagingRequest(ctx, opts, transactionView);
  const valid = validateInput(ListTransactionsQuery, query, asFlag);
  const client = await createClient(ctx);
  await printList(
    ctx,
    client.transactions.list(valid, options),
    transactionView,
    options.maxItems,
    limitGiven,
  );
});
