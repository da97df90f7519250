import type { OperationImpls } from './types';

/** GET /invoices, /orders and /transactions. */
export const billingOperations = {
  listInvoices: () => ({ status: 200, body: {} }),
  listOrders: () => ({ status: 200, body: {} }),
  listTransactions: () => ({ status: 200, body: {} }),
} satisfies Partial<OperationImpls>;
