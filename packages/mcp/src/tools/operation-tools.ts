import { type OperationId, type RouteId, routes } from '@refapi/schema';
import type { ApiPromise, Page, RefClient, RequestOptions } from '@refapi/sdk';

/** The arguments of one call, split by where the contract puts them. */
export interface CallArgs {
  readonly path: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly body: Readonly<Record<string, unknown>>;
}

/**
 * One API answer as a tool has it: the data, and whether it is the stored result of an
 * earlier call with the same idempotency key (that call did the work; this one did nothing).
 */
interface CallAnswer {
  readonly data: unknown;
  readonly replayed: boolean;
}

/** A tool that answers one API response. */
interface CallTool {
  readonly name: string;
  readonly kind: 'call';
  readonly run: (client: RefClient, args: CallArgs, options: RequestOptions) => Promise<CallAnswer>;
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
// By its method, not `instanceof`: the client may come from the caller's copy of the SDK (its
// ESM build beside this package's CommonJS one).
const isApiPromise = (value: unknown): value is ApiPromise<unknown> =>
  typeof (value as Partial<ApiPromise<unknown>>).withResponse === 'function';

// An SDK call's answer with its replay flag (`withResponse()`), or what the run made of one.
const call = (
  run: (
    client: RefClient,
    args: CallArgs,
    options: RequestOptions,
  ) => ApiPromise<unknown> | Promise<CallAnswer>,
): Omit<CallTool, 'name'> => ({
  kind: 'call',
  run: async (client, args, options) => {
    const answer = run(client, args, options);
    if (!isApiPromise(answer)) return answer;
    const { data, replayed } = await answer.withResponse();
    return { data, replayed };
  },
});
const list = (run: ListTool['run']): Omit<ListTool, 'name'> => ({ kind: 'list', run });

/** The tool name of each operation, from its contract entry (`<resource>_<verb>`). */
type ToolName = (typeof routes)[RouteId]['mcp']['tool'];

/**
 * How each tool calls the SDK, keyed by the tool name its operation's contract entry
 * gives: the record type makes a new operation a compile error here until its tool has a
 * call. Everything else about a tool (name, description, input schema, hints) comes from
 * the entry.
 */
const CALLS: Readonly<
  Record<ToolName, Omit<CallTool, 'name'> | Omit<ListTool, 'name'> | Omit<OrderTool, 'name'>>
> = {
  account_get: call((c, _a, o) => c.account.get(o)),
  balance_get: call((c, a, o) => c.balance.get(a.query as Any, o)),
  invoices_list: list((c, a, o) => c.invoices.list(a.query as Any, o)),
  orders_list: list((c, a, o) => c.orders.list(a.query as Any, o)),
  orders_create: { kind: 'order' },
  transactions_list: list((c, a, o) => c.transactions.list(a.query as Any, o)),
  services_list: list((c, a, o) => c.services.list(a.query as Any, o)),
  services_stats: call((c, _a, o) => c.services.stats(o)),
  services_get: call((c, a, o) => c.services.get(ref(a), o)),
  services_set_auto_renew: call((c, a, o) =>
    c.services.setAutoRenew(ref(a), a.body.enabled === true, o),
  ),
  services_power: call((c, a, o) => c.services.power(ref(a), a.body.action as Any, o)),
  shield_overview: call((c, a, o) => c.shield(ref(a)).overview(o)),
  shield_capabilities: call((c, a, o) => c.shield(ref(a)).capabilities(o)),
  shield_rules_list: call((c, a, o) => c.shield(ref(a)).rules.list(o)),
  shield_rules_create: call((c, a, o) => c.shield(ref(a)).rules.create(a.body as Any, o)),
  shield_rules_delete: call(async (c, a, o) => {
    const { replayed } = await c
      .shield(ref(a))
      .rules.delete(a.path.rule_id ?? '', o)
      .withResponse();
    return { data: { accepted: true, rule_id: a.path.rule_id }, replayed };
  }),
  shield_presets_apply: call((c, a, o) =>
    c.shield(ref(a)).presets.apply(a.path.preset_code as Any, o),
  ),
  shield_profiles_apply: call((c, a, o) =>
    c.shield(ref(a)).profiles.apply(a.path.profile_code as Any, o),
  ),
  shield_traffic: call((c, a, o) => c.shield(ref(a)).traffic(a.query as Any, o)),
  shield_protection_activity: call((c, a, o) =>
    c.shield(ref(a)).protectionActivity(a.query as Any, o),
  ),
  shield_export: call(async (c, a, o) => {
    const { data, replayed } = await c
      .shield(ref(a))
      .export(a.query as Any, o)
      .withResponse();
    // CSV arrives as text: wrap it so every tool answers a JSON object.
    return { data: typeof data === 'string' ? { format: 'csv', csv: data } : data, replayed };
  }),
  shield_rules_evidence: list((c, a, o) =>
    c.shield(ref(a)).evidence(a.path.rule_id ?? '', a.query as Any, o),
  ),
  plans_list: list((c, a, o) => c.plans.list(a.query as Any, o)),
};

/** One tool per operation of the contract, keyed by operationId: its entry's name and its call. */
export const OPERATION_TOOLS: Readonly<Record<OperationId, OperationTool>> = Object.fromEntries(
  Object.values(routes).map((entry) => {
    const name: ToolName = entry.mcp.tool;
    return [entry.operationId, { name, ...CALLS[name] }];
  }),
) as Record<OperationId, OperationTool>;
