import {
  type CallToolResult,
  type LoggingLevel,
  McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { RefClient, RequestOptions } from '@refapi/sdk';
import type { SpendBudget } from './budget';
import { SessionKeys } from './idempotency-key';
import { redactSecrets } from './redact';
import { collectList } from './tools/collect-list';
import { MAX_ITEMS, splitArgs } from './tools/input-schema';
import { runOrder } from './tools/order-tool';
import { selectOperations, type ToolSelection } from './tools/select';
import { type ToolDefinition, toolDefinition } from './tools/tool-definition';
import { errorInfo, toolError } from './tools/tool-errors';
import { toolSuccess } from './tools/tool-result';
import { VERSION } from './version';

/**
 * State the servers of one process share: the budget (with the orders it counted) and
 * the salt of derived idempotency keys. Over HTTP every request has its own server,
 * so a repeated call is recognized through this state, not through a session.
 */
export interface SharedState {
  readonly client: RefClient;
  readonly budget: SpendBudget | undefined;
  /** Derives the Idempotency-Key of a call made without one. */
  readonly keys: SessionKeys;
}

/** Options of {@link createRefMcpServer}. */
export interface RefMcpServerOptions {
  /** The SDK client every tool calls through. */
  readonly client: RefClient;
  /** Which tools to expose: `read` (default), `all`, or tool names. */
  readonly tools?: ToolSelection | undefined;
  /** The `--max-spend` budget, shared by every server built with the same `shared`. */
  readonly budget?: SpendBudget | undefined;
  /** State shared with the other servers of the process; built from `client`/`budget` when absent. */
  readonly shared?: SharedState | undefined;
  /** Strings that must never appear in a result (the API key); replaced if they ever do. */
  readonly secrets?: readonly string[] | undefined;
  /** A line per tool call (tool name and outcome, never arguments or keys), e.g. to stderr. */
  readonly log?: ((line: string) => void) | undefined;
}

/** State shared by the servers of one process (the HTTP endpoint builds one per request). */
export function createSharedState(client: RefClient, budget?: SpendBudget): SharedState {
  return { client, budget, keys: new SessionKeys() };
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
  const server = new McpServer(
    { name: 'refapi-mcp', version: VERSION },
    {
      capabilities: { logging: {} },
      instructions:
        'Tools of one REF hosting account (balance, invoices, orders, services, KVM power, Shield). Reads are free. orders_create is a dry run unless dry_run is false.',
    },
  );
  const context: ToolContext = { shared, secrets: options.secrets ?? [], log: options.log };
  for (const op of selectOperations(options.tools ?? 'read')) {
    const definition = toolDefinition(op);
    server.registerTool(definition.tool.name, definition.config, (args, ctx) =>
      callTool(definition, context, args, ctx),
    );
  }
  return server;
}

interface ToolContext {
  readonly shared: SharedState;
  readonly secrets: readonly string[];
  readonly log: ((line: string) => void) | undefined;
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
  args: Record<string, unknown>,
  request: ServerContext,
): Promise<CallToolResult> {
  const { op, tool, plan, pageMax } = definition;
  try {
    const split = splitArgs(plan, args);
    const options: RequestOptions = { signal: request.mcpReq.signal };
    if (op.idempotencyKey && tool.kind !== 'order') {
      options.idempotencyKey =
        (args.idempotency_key as string | undefined) ?? ctx.shared.keys.derive(tool.name, split);
    }
    let data: unknown;
    if (tool.kind === 'order') {
      data = await runOrder(ctx.shared, ctx.shared.keys, {
        body: split.body as never,
        dryRun: args.dry_run !== false,
        idempotencyKey: args.idempotency_key as string | undefined,
      });
    } else if (tool.kind === 'list') {
      const maxItems = (args.max_items as number | undefined) ?? MAX_ITEMS.default;
      data = await collectList(tool.run, ctx.shared.client, split, maxItems, options, pageMax);
    } else {
      data = await tool.run(ctx.shared.client, split, options);
    }
    await report(ctx, request, 'info', `${tool.name}: ok`);
    // Plain JSON: SDK results carry non-enumerable metadata.
    return redactSecrets(toolSuccess(tool.name, JSON.parse(JSON.stringify(data))), ctx.secrets);
  } catch (error) {
    const info = errorInfo(error, op);
    const status = info.status ? ` (${info.status})` : '';
    await report(ctx, request, 'warning', `${tool.name}: ${info.error}${status}`);
    return redactSecrets(toolError(info), ctx.secrets);
  }
}
