// `@refapi/schema/billing`: invoices, orders and ledger transactions, with their list queries.

export * from '../billing';
export { ListInvoicesQuery, ListOrdersQuery, ListTransactionsQuery } from '../params';
