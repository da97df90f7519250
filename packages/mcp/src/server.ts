import {
  type CallToolResult,
  type InputRequiredResult,
  isInputRequiredResult,
  type LoggingLevel,
  McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type OperationDef, operations } from '@refapi/schema';
import type { RefClient, RequestOptions } from '@refapi/sdk';
import type { SpendBudget } from './budget';
import { SessionKeys } from './idempotency-key';
import { type ServerMode, serverInstructions } from './instructions';
import { PlanStore } from './plans/plan-store';
import { redactSecrets } from './redact';
import { collectList } from './tools/collect-list';
import { MAX_ITEMS, parseArguments, splitArgs } from './tools/input-schema';
import { quoteOrder } from './tools/order-tool';
import { confirmationOf, confirmationRequest } from './tools/plan-confirmation';
import { planRequired, runPlannedOrder } from './tools/planned-order';
import {
  operationNamer,
  selectOperations,
  selectToolNames,
  type ToolSelection,
  WAIT_TOOL_NAME,
} from './tools/select';
import { SentRules, withSentRules } from './tools/sent-rules';
import { type ToolDefinition, toolDefinition } from './tools/tool-definition';
import { errorInfo, loggedCode, toolError } from './tools/tool-errors';
import { toolSuccess } from './tools/tool-result';
import { parseWaitArgs, runWait, waitTool } from './tools/wait-tool';
import { VERSION } from './version';

/**
 * State the servers of one process share: the budget (with the orders it counted) and
 * the salt of derived idempotency keys. Over HTTP every request has its own server,
 * so a repeated call is recognized through this state, not through a session.
 */
export interface SharedState {
  /** The client of servers built without their own (`RefMcpServerOptions.client` wins). */
  readonly client: RefClient;
  readonly budget: SpendBudget | undefined;
  /** Derives the Idempotency-Key of a call made without one. */
  readonly keys: SessionKeys;
  /** What the agent sent for the Shield rules it created (the API never returns it). */
  readonly sentRules: SentRules;
  /** The plans of `orders_create` dry runs, until a purchase names them (bounded). */
  readonly plans: PlanStore;
}

/** Options of {@link createRefMcpServer}. */
export interface RefMcpServerOptions {
  /**
   * The SDK client every tool of this server calls through: one server may have its own
   * (e.g. a sandbox session on its own space, at another base URL) while sharing the
   * budget and idempotency keys of `shared`.
   */
  readonly client: RefClient;
  /** Which tools to expose: `read` (default), `all`, or tool names. */
  readonly tools?: ToolSelection | undefined;
  /** `sandbox` when the client is the sandbox's: the instructions say so. Default `account`. */
  readonly mode?: ServerMode | undefined;
  /** The `--max-spend` budget, shared by every server built with the same `shared`. */
  readonly budget?: SpendBudget | undefined;
  /** State shared with the other servers of the process; built from `client`/`budget` when absent. */
  readonly shared?: SharedState | undefined;
  /** Strings that must never appear in a result (the API key); replaced if they ever do. */
  readonly secrets?: readonly string[] | undefined;
  /** A line per tool call (tool name and outcome, never arguments or keys), e.g. to stderr. */
  readonly log?: ((line: string) => void) | undefined;
  /**
   * What the agent must be told before its next tool result, taken once (a sandbox session
   * whose space was ended): it comes first in that result, so nothing is lost silently.
   */
  readonly notice?: (() => string | undefined) | undefined;
  /**
   * The longest a tool call waits for the API, in milliseconds (default 55 000: longer than
   * `shield_wait`'s 50 s, shorter than the minute many hosts give a call). Past it the call
   * ends with a `timeout` tool error instead of the host giving up on it without a word.
   * Purchases and dry runs of `orders_create` are not cut short.
   */
  readonly callTimeoutMs?: number | undefined;
}

/** Default of {@link RefMcpServerOptions.callTimeoutMs}. */
const CALL_TIMEOUT_MS = 55_000;

/** State shared by the servers of one process (the HTTP endpoint builds one per request). */
export function createSharedState(client: RefClient, budget?: SpendBudget): SharedState {
  return {
    client,
    budget,
    keys: new SessionKeys(),
    sentRules: new SentRules(),
    plans: new PlanStore(),
  };
}

/**
 * An MCP server with one tool per operation of the contract, calling the API through the
 * SDK. Servers built with the same `shared` state share the budget and derive the same
 * idempotency keys, so the same call made twice replays even when each call is answered
 * by another server (HTTP builds one per request).
 * @example
 * serveStdio(() => createRefMcpServer({ client: new RefClient(), tools: 'read' }));
 */
export function createRefMcpServer(options: RefMcpServerOptions): McpServer {
  const shared = options.shared ?? createSharedState(options.client, options.budget);
  const selection = options.tools ?? 'read';
  const exposed = selectToolNames(selection);
  const server = new McpServer(
    { name: 'refapi-mcp', version: VERSION },
    {
      capabilities: { logging: {} },
      instructions: serverInstructions(exposed, options.mode ?? 'account'),
    },
  );
  const context: ToolContext = {
    client: options.client,
    shared,
    exposed,
    secrets: options.secrets ?? [],
    log: options.log,
    notice: options.notice,
    callTimeoutMs: options.callTimeoutMs ?? CALL_TIMEOUT_MS,
  };
  // Descriptions name another operation by its tool when the model can call it.
  const nameOperation = operationNamer(exposed);
  for (const op of selectOperations(selection)) {
    const definition = toolDefinition(op, nameOperation);
    server.registerTool(definition.tool.name, definition.config, (args, ctx) =>
      callTool(definition, context, args, ctx),
    );
  }
  if (exposed.includes(WAIT_TOOL_NAME)) {
    const wait = waitTool(nameOperation);
    server.registerTool(WAIT_TOOL_NAME, wait.config, (args, ctx) =>
      // Its reads are the rule list and the overview: shield:read, as listShieldRules.
      respond(context, ctx, WAIT_TOOL_NAME, operations.listShieldRules, (signal) =>
        runWait(context.client, parseWaitArgs(args, wait.describeArgument), signal),
      ),
    );
  }
  return server;
}

interface ToolContext {
  /** The client of this server's tools. */
  readonly client: RefClient;
  readonly shared: SharedState;
  /** The names of the tools this server exposes. */
  readonly exposed: readonly string[];
  readonly secrets: readonly string[];
  readonly log: ((line: string) => void) | undefined;
  readonly notice: (() => string | undefined) | undefined;
  readonly callTimeoutMs: number;
}

/**
 * Reports one line to the process log and, as an MCP log notification, to the host.
 * MCP logging is deprecated as of 2026-07-28 (SEP-2577) but still shown by hosts; on a
 * 2026-07-28 request the SDK sends it only when the request asked for a log level.
 */
async function report(ctx: ToolContext, request: ServerContext, level: LoggingLevel, line: string) {
  ctx.log?.(line);
  await request.mcpReq.log(level, line, 'refapi-mcp').catch(() => {});
}

async function callTool(
  definition: ToolDefinition,
  ctx: ToolContext,
  rawArgs: Record<string, unknown>,
  request: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  const { op, tool, plan, pageMax } = definition;
  return respond(ctx, request, tool.name, op, async (signal) => {
    const args = parseArguments(plan.schema, rawArgs, definition.describeArgument);
    const split = splitArgs(plan, args);
    const options: RequestOptions = { signal };
    if (op.idempotencyKey && tool.kind !== 'order') {
      options.idempotencyKey =
        (args.idempotency_key as string | undefined) ?? ctx.shared.keys.derive(tool.name, split);
    }
    if (tool.kind === 'order' && args.dry_run === false) {
      // A purchase buys what the person was shown: the plan of a dry run, nothing retyped.
      if (args.plan_id === undefined) throw planRequired();
      const order = { client: ctx.client, budget: ctx.shared.budget, plans: ctx.shared.plans };
      const outcome = await runPlannedOrder(
        order,
        {
          planId: args.plan_id as string,
          body: split.body,
          idempotencyKey: args.idempotency_key as string | undefined,
        },
        confirmationOf(request),
      );
      return 'confirm' in outcome ? confirmationRequest(outcome.confirm) : outcome;
    }
    if (tool.kind === 'order') {
      const order = { client: ctx.client, budget: ctx.shared.budget, plans: ctx.shared.plans };
      return quoteOrder(order, ctx.shared.keys, {
        body: split.body as never,
        idempotencyKey: args.idempotency_key as string | undefined,
      });
    }
    if (tool.kind === 'list') {
      const maxItems = (args.max_items as number | undefined) ?? MAX_ITEMS.default;
      return collectList(tool.run, ctx.client, split, maxItems, options, pageMax);
    }
    const { data, replayed } = await tool.run(ctx.client, split, options);
    const answer = withSentRules(tool.name, data, split.body, ctx.shared.sentRules);
    return replayed ? markedReplayed(answer) : answer;
  });
}

/**
 * A result the API replayed from an earlier call with the same idempotency key, said so beside
 * the API's answer (as orders say it): that call did the work, this one did nothing again.
 */
function markedReplayed(answer: unknown): Record<string, unknown> {
  const fields =
    answer !== null && typeof answer === 'object' && !Array.isArray(answer)
      ? (answer as Record<string, unknown>)
      : { result: answer };
  return { ...fields, idempotent_replayed: true };
}

/**
 * Runs one tool call: its result with a summary, or a tool error; a log line either way.
 * `run` gets the call's signal: aborted when the host cancels the call or when
 * `callTimeoutMs` passes.
 */
async function respond(
  ctx: ToolContext,
  request: ServerContext,
  name: string,
  op: OperationDef,
  run: (signal: AbortSignal) => Promise<unknown>,
): Promise<CallToolResult | InputRequiredResult> {
  const result = await outcome(ctx, request, name, op, run);
  // A question for the person goes out as it is; the call comes back with the answer.
  if (isInputRequiredResult(result)) return result;
  const notice = ctx.notice?.();
  if (notice === undefined) return result;
  return { ...result, content: [{ type: 'text', text: notice }, ...result.content] };
}

async function outcome(
  ctx: ToolContext,
  request: ServerContext,
  name: string,
  op: OperationDef,
  run: (signal: AbortSignal) => Promise<unknown>,
): Promise<CallToolResult | InputRequiredResult> {
  try {
    const deadline = AbortSignal.timeout(ctx.callTimeoutMs);
    const data = await run(AbortSignal.any([request.mcpReq.signal, deadline]));
    if (isInputRequiredResult(data)) {
      await report(ctx, request, 'info', `${name}: asks the user to confirm`);
      return data;
    }
    await report(ctx, request, 'info', `${name}: ok`);
    // Plain JSON: SDK results carry non-enumerable metadata.
    return redactSecrets(
      toolSuccess(name, JSON.parse(JSON.stringify(data)), ctx.exposed),
      ctx.secrets,
    );
  } catch (error) {
    const info = errorInfo(error, op);
    const status = info.status ? ` (${info.status})` : '';
    await report(
      ctx,
      request,
      'warning',
      `${name}: ${loggedCode(error, info, ctx.secrets)}${status}`,
    );
    return redactSecrets(toolError(info), ctx.secrets);
  }
}
