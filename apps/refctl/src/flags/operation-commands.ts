import type { RouteId } from '@refapi/schema/client';

// The refctl command of each API operation, so the contract's parameter descriptions name
// other operations the way a refctl user runs them ("from refctl plans list", where the
// API document says "from GET /plans"). Keyed by operation: a new operation fails to
// compile until it has its command; `operation-commands.test.ts` checks that each exists.

/** The command that sends each operation. */
export const OPERATION_COMMANDS: Readonly<Record<RouteId, string>> = {
  getAccount: 'refctl me',
  getBalance: 'refctl balance',
  listInvoices: 'refctl invoices list',
  listOrders: 'refctl orders list',
  createOrder: 'refctl orders create',
  listTransactions: 'refctl transactions list',
  listServices: 'refctl services list',
  getServiceStats: 'refctl services stats',
  getService: 'refctl services get',
  setServiceAutoRenew: 'refctl services auto-renew',
  powerService: 'refctl services power',
  getShieldOverview: 'refctl shield overview',
  getShieldCapabilities: 'refctl shield capabilities',
  listShieldRules: 'refctl shield rules list',
  createShieldRule: 'refctl shield rules add',
  deleteShieldRule: 'refctl shield rules delete',
  applyShieldPreset: 'refctl shield presets apply',
  applyShieldProfile: 'refctl shield profile set',
  getShieldTraffic: 'refctl shield traffic',
  getShieldProtectionActivity: 'refctl shield activity',
  exportShieldTelemetry: 'refctl shield export',
  getShieldRuleEvidence: 'refctl shield evidence',
  listPlans: 'refctl plans list',
};

/** How refctl's help names an operation: its command. */
export const commandOf = (operationId: RouteId): string => OPERATION_COMMANDS[operationId];
