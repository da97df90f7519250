import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { OperationDef, OperationId } from '@refapi/schema';
import type { z } from 'zod';
import { annotationsOf } from './annotations';
import { describeTool } from './describe';
import { type ArgumentPlan, inputPlan } from './input-schema';
import { OPERATION_TOOLS, type OperationTool } from './operation-tools';
import { OrderToolResult } from './order-schema';
import { outputSchema } from './output-schema';
import { maxPageSize } from './page-size';

/** Everything about an operation's tool that does not depend on the server instance. */
export interface ToolDefinition {
  readonly op: OperationDef;
  readonly tool: OperationTool;
  readonly plan: ArgumentPlan;
  /** The largest page the API serves for a list tool; 0 for the others. */
  readonly pageMax: number;
  /** What `registerTool` takes. */
  readonly config: {
    readonly title: string;
    readonly description: string;
    readonly inputSchema: z.ZodObject;
    readonly outputSchema?: z.ZodObject;
    readonly annotations: ToolAnnotations;
  };
}

// Built once per operation: the HTTP endpoint builds a server per request, and the zod
// schemas and descriptions are the same every time.
const definitions = new Map<string, ToolDefinition>();

/** The tool of `op`: its input plan, schemas, description and hints. */
export function toolDefinition(op: OperationDef): ToolDefinition {
  const known = definitions.get(op.operationId);
  if (known) return known;
  const tool = OPERATION_TOOLS[op.operationId as OperationId];
  const plan = inputPlan(op, tool);
  const output = tool.kind === 'order' ? OrderToolResult : outputSchema(op, tool);
  const definition: ToolDefinition = {
    op,
    tool,
    plan,
    pageMax: tool.kind === 'list' ? maxPageSize(op) : 0,
    config: {
      title: op.summary,
      description: describeTool(op, tool),
      inputSchema: plan.schema,
      ...(output ? { outputSchema: output } : {}),
      annotations: annotationsOf(op),
    },
  };
  definitions.set(op.operationId, definition);
  return definition;
}
