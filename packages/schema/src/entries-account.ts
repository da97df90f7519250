import { defineEntries } from './operation-entry';

/** The account: its identity and balance. */
export const ACCOUNT_ENTRIES = defineEntries({
  getAccount: {
    operationId: 'getAccount',
    summary: 'Read the account identity',
    method: 'GET',
    path: '/me',
    scope: 'account:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [401, 403],
    schemas: { success: 'account.Account' },
    description: 'Returns the identity of the account the API key is bound to.',
    parameters: {},
    mcp: { tool: 'account_get' },
    sdk: 'account.get',
    refctl: 'me',
  },
  getBalance: {
    operationId: 'getBalance',
    summary: 'Read the account balance',
    method: 'GET',
    path: '/balance',
    scope: 'balance:read',
    access: 'read',
    idempotencyKey: false,
    success: { status: 200 },
    errors: [401, 403],
    schemas: { query: 'params.BalanceQuery', success: 'balance.Balance' },
    description:
      'Returns the balance in the authoritative account currency. With `display_currency`, `display` adds an informational conversion that is never used to charge.',
    parameters: {
      display_currency:
        'Also convert the balance into this currency, as `display` (informational; never charged).',
    },
    mcp: { tool: 'balance_get' },
    sdk: 'balance.get',
    refctl: 'balance',
  },
});
