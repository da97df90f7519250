import { z } from 'zod';
import { Currency, ServiceType } from './common';
import { IDEMPOTENCY_KEY_PATTERN, LIMITS, SERVICE_FILTER_PATTERN } from './limits';

export { SERVICE_FILTER_PATTERN } from './limits';

import { queryInt } from './query-int';
import { InvoiceRef, OrderRef, PlanRef, ServiceRef, TransactionRef } from './refs';

// The queries and headers of the account API. The path parameters and the Shield's
// queries have modules of their own, so the `shield` entry loads them without the list
// queries; they are re-exported here, where the contract reads every input from.
export * from './path-params';
export * from './shield-params';

/** `limit` of the lists: 1..100, default 50. */
export const PageLimit = queryInt(LIMITS.pageSizeMin, LIMITS.pageSizeMax, LIMITS.pageSizeDefault);

/** `display_currency`: an informational conversion. */
export const DisplayCurrencyQuery = z.object({ display_currency: Currency.optional() });

/** Query of GET /balance. */
export const BalanceQuery = DisplayCurrencyQuery;

const listQuery = <T extends z.ZodType>(cursor: T) =>
  z.object({ limit: PageLimit, cursor: cursor.optional() });

/** Query of GET /invoices. */
export const ListInvoicesQuery = listQuery(InvoiceRef);
/** Query of GET /orders. */
export const ListOrdersQuery = listQuery(OrderRef);
/** Query of GET /transactions. */
export const ListTransactionsQuery = listQuery(TransactionRef);

/** Query of GET /services. */
export const ListServicesQuery = listQuery(ServiceRef).extend({
  type: z.string().regex(SERVICE_FILTER_PATTERN).optional(),
  status: z.string().regex(SERVICE_FILTER_PATTERN).optional(),
});

/** Query of GET /plans. */
export const ListPlansQuery = listQuery(PlanRef).extend({
  display_currency: Currency.optional(),
  type: ServiceType.optional(),
});

/** The `Idempotency-Key` header value. */
export const IdempotencyKey = z
  .string()
  .min(1)
  .max(LIMITS.idempotencyKeyLengthMax)
  .regex(IDEMPOTENCY_KEY_PATTERN);

/** Query of GET /balance. */
export type BalanceQuery = z.input<typeof BalanceQuery>;
/** Query of GET /invoices. */
export type ListInvoicesQuery = z.input<typeof ListInvoicesQuery>;
/** Query of GET /orders. */
export type ListOrdersQuery = z.input<typeof ListOrdersQuery>;
/** Query of GET /transactions. */
export type ListTransactionsQuery = z.input<typeof ListTransactionsQuery>;
/** Query of GET /services. */
export type ListServicesQuery = z.input<typeof ListServicesQuery>;
/** Query of GET /plans. */
export type ListPlansQuery = z.input<typeof ListPlansQuery>;
