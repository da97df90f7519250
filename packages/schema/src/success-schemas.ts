import type { z } from 'zod';
import type { RouteId } from './routes';

// Each operation's success schema, imported on first use: a client that loads `client`
// builds only the schema modules of the responses it reads (a `refctl me` builds the
// account module's few schemas, not the contract's ~400). The table is the contract's
// `success.schema` column again; a test checks both give the same schema objects.
const loaders: Record<RouteId, () => Promise<z.ZodType | undefined>> = {
  getAccount: () => import('./account').then((m) => m.Account),
  getBalance: () => import('./account').then((m) => m.Balance),
  listInvoices: () => import('./envelopes').then((m) => m.InvoicePage),
  listOrders: () => import('./envelopes').then((m) => m.OrderPage),
  createOrder: () => import('./orders').then((m) => m.CreateOrderResponse),
  listTransactions: () => import('./envelopes').then((m) => m.TransactionPage),
  listServices: () => import('./envelopes').then((m) => m.ServicePage),
  getServiceStats: () => import('./service').then((m) => m.ServiceStats),
  getService: () => import('./service').then((m) => m.ServiceEnvelope),
  setServiceAutoRenew: () => import('./service').then((m) => m.AutoRenewResponse),
  powerService: () => import('./service').then((m) => m.PowerResponse),
  getShieldOverview: () => import('./shield').then((m) => m.ShieldOverview),
  getShieldCapabilities: () => import('./shield').then((m) => m.ShieldCapabilities),
  listShieldRules: () => import('./shield').then((m) => m.ShieldRulePage),
  createShieldRule: () => import('./shield').then((m) => m.ShieldRuleMutation),
  deleteShieldRule: async () => undefined,
  applyShieldPreset: () => import('./shield').then((m) => m.ShieldRuleMutation),
  applyShieldProfile: () => import('./shield').then((m) => m.ShieldProfileMutation),
  getShieldTraffic: () => import('./shield').then((m) => m.ShieldTelemetry),
  getShieldProtectionActivity: () => import('./shield').then((m) => m.ShieldTelemetry),
  exportShieldTelemetry: () => import('./shield').then((m) => m.ShieldTelemetry),
  getShieldRuleEvidence: () => import('./shield').then((m) => m.ShieldEvidence),
  listPlans: () => import('./envelopes').then((m) => m.PlanPage),
};

const loaded = new Map<RouteId, Promise<z.ZodType | undefined>>();

/**
 * The success body schema of an operation (undefined when it has none), its module imported
 * on the first call; later calls get the same settled promise.
 */
export function loadSuccessSchema(operationId: RouteId): Promise<z.ZodType | undefined> {
  let schema = loaded.get(operationId);
  if (schema === undefined) {
    schema = loaders[operationId]();
    loaded.set(operationId, schema);
  }
  return schema;
}
