import type { OperationId } from '@refapi/schema';
import type { Page, RefClient, RequestOptions } from '@refapi/sdk';

/** The arguments of one call, split by where the contract puts them. */
export interface CallArgs {
  readonly path: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: Readonly<Record<string, unknown>>;
}

/** A tool that answers one API response. */
interface CallTool {
  readonly name: string;
  readonly kind: 'call';
  readonly run: (client: RefClient, args: CallArgs, options: RequestOptions) => Promise<unknown>;
}

/** A tool over a cursor-paginated list: `run` fetches one page through the SDK. */
interface ListTool {
  readonly name: string;
  readonly kind: 'list';
  readonly run: (
    client: RefClient,
    args: CallArgs,
    options: RequestOptions,
  ) => Promise<Page<unknown>>;
}

/** `orders_create`: quoted, budgeted and keyed by its own module. */
interface OrderTool {
  readonly name: string;
  readonly kind: 'order';
}

/** How the tool of one operation calls the SDK. */
export type OperationTool = CallTool | ListTool | OrderTool;

// Casts below: the MCP SDK has already validated the arguments against the contract's
// zod schemas, so they have the shapes the SDK methods take.
type Any = never;
const ref = (args: CallArgs) => args.path.service_ref ?? '';
const call = (name: string, run: CallTool['run']): CallTool => ({ name, kind: 'call', run });
const list = (name: string, run: ListTool['run']): ListTool => ({ name, kind: 'list', run });

/**
 * One tool per operation of the contract, keyed by operationId: the record type makes a
 * new operation a compile error here until it has a tool. Names are `<resource>_<verb>`.
 */
export const OPERATION_TOOLS: Readonly<Record<OperationId, OperationTool>> = {
  getAccount: call('account_get', (c, _a, o) => c.account.get(o)),
  getBalance: call('balance_get', (c, a, o) => c.balance.get(a.query as Any, o)),
  listInvoices: list('invoices_list', (c, a, o) => c.invoices.list(a.query as Any, o)),
  listOrders: list('orders_list', (c, a, o) => c.orders.list(a.query as Any, o)),
  createOrder: { name: 'orders_create', kind: 'order' },
  listTransactions: list('transactions_list', (c, a, o) => c.transactions.list(a.query as Any, o)),
  listServices: list('services_list', (c, a, o) => c.services.list(a.query as Any, o)),
  getServiceStats: call('services_stats', (c, _a, o) => c.services.stats(o)),
  getService: call('services_get', (c, a, o) => c.services.get(ref(a), o)),
  setServiceAutoRenew: call('services_set_auto_renew', (c, a, o) =>
    c.services.setAutoRenew(ref(a), a.body.enabled === true, o),
  ),
  powerService: call('services_power', (c, a, o) =>
    c.services.power(ref(a), a.body.action as Any, o),
  ),
  getShieldOverview: call('shield_overview', (c, a, o) => c.shield(ref(a)).overview(o)),
  getShieldCapabilities: call('shield_capabilities', (c, a, o) => c.shield(ref(a)).capabilities(o)),
  listShieldRules: call('shield_rules_list', (c, a, o) => c.shield(ref(a)).rules.list(o)),
  createShieldRule: call('shield_rules_create', (c, a, o) =>
    c.shield(ref(a)).rules.create(a.body as Any, o),
  ),
  deleteShieldRule: call('shield_rules_delete', async (c, a, o) => {
    await c.shield(ref(a)).rules.delete(a.path.rule_id ?? '', o);
    return { accepted: true, rule_id: a.path.rule_id };
  }),
  applyShieldPreset: call('shield_presets_apply', (c, a, o) =>
    c.shield(ref(a)).presets.apply(a.path.preset_code as Any, o),
  ),
  applyShieldProfile: call('shield_profiles_apply', (c, a, o) =>
    c.shield(ref(a)).profiles.apply(a.path.profile_code as Any, o),
  ),
  getShieldTraffic: call('shield_traffic', (c, a, o) =>
    c.shield(ref(a)).traffic(a.query as Any, o),
  ),
  getShieldProtectionActivity: call('shield_protection_activity', (c, a, o) =>
    c.shield(ref(a)).protectionActivity(a.query as Any, o),
  ),
  exportShieldTelemetry: call('shield_export', async (c, a, o) => {
    const result: unknown = await c.shield(ref(a)).export(a.query as Any, o);
    // CSV arrives as text: wrap it so every tool answers a JSON object.
    return typeof result === 'string' ? { format: 'csv', csv: result } : result;
  }),
  getShieldRuleEvidence: list('shield_rules_evidence', (c, a, o) =>
    c.shield(ref(a)).evidence(a.path.rule_id ?? '', a.query as Any, o),
  ),
  listPlans: list('plans_list', (c, a, o) => c.plans.list(a.query as Any, o)),
};
