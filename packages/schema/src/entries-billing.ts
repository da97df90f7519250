import { defineEntries } from './operation-entry';
import { cursor, LIMIT } from './parameter-text';

/** Billing: invoices, orders (buying one service) and the ledger. */
export const BILLING_ENTRIES = defineEntries({
  listInvoices: {
    operationId: 'listInvoices',
    summary: 'List invoices, newest reference first',
    method: 'GET',
    path: '/invoices',
    scope: 'finance:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [400, 401, 403],
    list: { items: 'invoices' as const, ref: 'invoice_ref' as const },
    schemas: { query: 'params.ListInvoicesQuery', success: 'envelopes.InvoicePage' },
    description:
      'Pages through the invoices in descending `invoice_ref` order. Pass `pagination.next_cursor` of one page as `cursor` to get the next.',
    parameters: { limit: LIMIT, cursor: cursor('invoice', 'REF-INV-…') },
    mcp: { tool: 'invoices_list' },
    sdk: 'invoices.list',
    refctl: 'invoices list',
  },
  listOrders: {
    operationId: 'listOrders',
    summary: 'List orders, newest reference first',
    method: 'GET',
    path: '/orders',
    scope: 'finance:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [400, 401, 403],
    list: { items: 'orders' as const, ref: 'order_ref' as const },
    schemas: { query: 'params.ListOrdersQuery', success: 'envelopes.OrderPage' },
    description:
      'Pages through the orders in descending `order_ref` order. Linked references appear only when they belong to the account.',
    parameters: { limit: LIMIT, cursor: cursor('order', 'REF-ORD-…') },
    mcp: { tool: 'orders_list' },
    sdk: 'orders.list',
    refctl: 'orders list',
  },
  createOrder: {
    operationId: 'createOrder',
    summary: 'Buy one service from the account balance, atomically',
    method: 'POST',
    path: '/orders',
    scope: 'orders:write',
    access: 'write',
    idempotencyKey: true,
    success: { status: 200 },
    errors: [400, 401, 403, 409, 422, 428],
    schemas: { body: 'orders.CreateOrderRequest', success: 'orders.CreateOrderResponse' },
    description:
      'Reprices the plan on the server, checks the account-currency balance, then creates the invoice, the service, the order and the ledger debit in one step. A repeat with the same `Idempotency-Key` and body replays the stored response (`Idempotent-Replayed: true`); a different body with the same key is 409 `idempotency_key_reused`.',
    parameters: {
      type: 'The service type of the plan (its service_type in {listPlans}).',
      plan_code: 'A plan code from {listPlans}, like kvm-s.',
      os_name: 'An OS image of the plan by name, from {listPlans} (or give os_image_ref).',
      windows: 'Install a Windows image of the plan (default false).',
      ipv6_only: 'Order it without an IPv4 address (default false).',
      os_image_ref: 'An OS image of the plan (REF-OS-…), from {listPlans}.',
      period_ref:
        "A billing period of the plan (REF-PERIOD-…), from {listPlans}; without it, the plan's default period.",
      region_ref: 'A region of the plan (REF-REGION-…), from {listPlans}.',
      addons:
        'Addons of the plan to order with it: addon_ref (REF-ADDON-…, from {listPlans}) and units.',
      quote_version:
        'The quote version the caller priced (informational: the server always reprices).',
    },
    mcp: {
      tool: 'orders_create',
      destructive: true,
      effects:
        'Costs money: the price is debited from the account balance at once, atomically. With dry_run true (the default) it only returns the quote (priced from the plan catalog by the rule the server charges with: the period, addons, VAT) and the balance, and spends nothing; call it with dry_run false to buy, and the result says what was charged. Refused before sending when it would pass the --max-spend budget of this server.',
    },
    sdk: 'orders.create',
    refctl: 'orders create',
  },
  listTransactions: {
    operationId: 'listTransactions',
    summary: 'List ledger transactions, newest reference first',
    method: 'GET',
    path: '/transactions',
    scope: 'finance:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [400, 401, 403],
    list: { items: 'transactions' as const, ref: 'transaction_ref' as const },
    schemas: { query: 'params.ListTransactionsQuery', success: 'envelopes.TransactionPage' },
    description:
      'Pages through the ledger in descending `transaction_ref` order; descriptions are redacted.',
    parameters: { limit: LIMIT, cursor: cursor('transaction', 'REF-TXN-…') },
    mcp: { tool: 'transactions_list' },
    sdk: 'transactions.list',
    refctl: 'transactions list',
  },
});
