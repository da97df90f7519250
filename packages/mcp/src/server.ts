import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { OperationDef, OperationId } from '@refapi/schema';
import type { RefClient, RequestOptions } from '@refapi/sdk';
import type { SpendBudget } from './budget';
import { SessionKeys } from './idempotency-key';
import { redactSecrets } from './redact';
import { annotationsOf } from './tools/annotations';
import { collectList } from './tools/collect-list';
import { describeTool } from './tools/describe';
import { inputPlan, MAX_ITEMS, splitArgs } from './tools/input-schema';
import { OPERATION_TOOLS } from './tools/operation-tools';
import { OrderToolResult } from './tools/order-schema';
import { type OrderContext, runOrder } from './tools/order-tool';
import { outputSchema } from './tools/output-schema';
import { maxPageSize } from './tools/page-size';
import { selectOperations, type ToolSelection } from './tools/select';
import { errorInfo, toolError } from './tools/tool-errors';
import { toolSuccess } from './tools/tool-result';
import { VERSION } from './version';

/** State one process shares between its MCP sessions (the budget is per process). */
export interface SharedState {
  readonly client: RefClient;
  readonly budget: SpendBudget | undefined;
  readonly chargedKeys: Set<string>;
}

/** Options of {@link createRefMcpServer}. */
export interface RefMcpServerOptions {
  /** The SDK client every tool calls through. */
  readonly client: RefClient;
  /** Which tools to expose: `read` (default), `all`, or tool names. */
  readonly tools?: ToolSelection | undefined;
  /** The `--max-spend` budget, shared by every server built with the same `shared`. */
  readonly budget?: SpendBudget | undefined;
  /** State shared with other sessions of the process; built from `client`/`budget` when absent. */
  readonly shared?: SharedState | undefined;
  /** Strings that must never appear in a result (the API key); replaced if they ever do. */
  readonly secrets?: readonly string[] | undefined;
  /** A line per tool call (tool name and outcome, never arguments or keys), e.g. to stderr. */
  readonly log?: ((line: string) => void) | undefined;
}

/** Shared state for several sessions of one process. */
export function createSharedState(client: RefClient, budget?: SpendBudget): SharedState {
  return { client, budget, chargedKeys: new Set() };
}

/**
 * An MCP server with one tool per operation of the contract, calling the API through the
 * SDK. Connect it to one transport (one session): each server derives its own
 * idempotency keys.
 * @example
 * const server = createRefMcpServer({ client: new RefClient(), tools: 'read' });
 * await server.connect(new StdioServerTransport());
 */
export function createRefMcpServer(options: RefMcpServerOptions): McpServer {
  const shared = options.shared ?? createSharedState(options.client, options.budget);
  const secrets = options.secrets ?? [];
  const keys = new SessionKeys();
  const server = new McpServer(
    { name: 'refapi-mcp', version: VERSION },
    {
      capabilities: { logging: {} },
      instructions:
        'Tools of one REF hosting account (balance, invoices, orders, services, KVM power, Shield). Reads are free. orders_create is a dry run unless dry_run is false.',
    },
  );
  const log = (level: LoggingLevel, line: string) => {
    options.log?.(line);
    // Only once connected: a notification before initialization is a protocol error.
    if (server.isConnected()) {
      server.sendLoggingMessage({ level, logger: 'refapi-mcp', data: line }).catch(() => {});
    }
  };
  for (const op of selectOperations(options.tools ?? 'read')) {
    registerOperation(server, op, { shared, keys, secrets, log });
  }
  return server;
}

interface ToolContext {
  readonly shared: SharedState;
  readonly keys: SessionKeys;
  readonly secrets: readonly string[];
  readonly log: (level: LoggingLevel, line: string) => void;
}

function registerOperation(server: McpServer, op: OperationDef, ctx: ToolContext): void {
  const tool = OPERATION_TOOLS[op.operationId as OperationId];
  const plan = inputPlan(op, tool);
  const output = tool.kind === 'order' ? OrderToolResult : outputSchema(op, tool);
  const pageMax = tool.kind === 'list' ? maxPageSize(op) : 0;
  const orderContext: OrderContext = ctx.shared;

  const handler = async (
    args: Record<string, unknown>,
    extra: { signal: AbortSignal },
  ): Promise<CallToolResult> => {
    try {
      const split = splitArgs(plan, args);
      const request: RequestOptions = { signal: extra.signal };
      if (op.idempotencyKey && tool.kind !== 'order') {
        request.idempotencyKey =
          (args.idempotency_key as string | undefined) ?? ctx.keys.derive(tool.name, split);
      }
      let data: unknown;
      if (tool.kind === 'order') {
        data = await runOrder(orderContext, ctx.keys, {
          body: split.body as never,
          dryRun: args.dry_run !== false,
          idempotencyKey: args.idempotency_key as string | undefined,
        });
      } else if (tool.kind === 'list') {
        const maxItems = (args.max_items as number | undefined) ?? MAX_ITEMS.default;
        data = await collectList(tool.run, ctx.shared.client, split, maxItems, request, pageMax);
      } else {
        data = await tool.run(ctx.shared.client, split, request);
      }
      ctx.log('info', `${tool.name}: ok`);
      // Plain JSON: SDK results carry non-enumerable metadata.
      return redactSecrets(toolSuccess(tool.name, JSON.parse(JSON.stringify(data))), ctx.secrets);
    } catch (error) {
      const info = errorInfo(error, op);
      ctx.log('warning', `${tool.name}: ${info.error}${info.status ? ` (${info.status})` : ''}`);
      return redactSecrets(toolError(info), ctx.secrets);
    }
  };

  server.registerTool(
    tool.name,
    {
      title: op.summary,
      description: describeTool(op, tool),
      inputSchema: plan.schema,
      ...(output ? { outputSchema: output } : {}),
      annotations: annotationsOf(op),
    },
    handler as never,
  );
}
