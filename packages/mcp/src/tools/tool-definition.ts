import type { StandardSchemaWithJSON, ToolAnnotations } from '@modelcontextprotocol/server';
import type { OperationDef, OperationId, OperationNamer } from '@refapi/schema';
import { advertisedInput } from './advertised-schema';
import { annotationsOf } from './annotations';
import { describeTool } from './describe';
import { type ArgumentPlan, inputJsonSchema, inputPlan } from './input-schema';
import { OPERATION_TOOLS, type OperationTool } from './operation-tools';
import { maxPageSize } from './page-size';

/**
 * What `registerTool` takes. No output schema: the response schemas of the contract
 * tripled the size of `tools/list` (62 KB for every tool), which a host pays in context
 * on every conversation, while models read the result itself (a summary line and its
 * JSON, also as structured content).
 */
export interface ToolConfig {
  readonly title: string;
  readonly description: string;
  readonly inputSchema: StandardSchemaWithJSON<Record<string, unknown>>;
  readonly annotations: ToolAnnotations;
}

/** Everything about an operation's tool that does not depend on the server instance. */
export interface ToolDefinition {
  readonly op: OperationDef;
  readonly tool: OperationTool;
  readonly plan: ArgumentPlan;
  /** The largest page the API serves for a list tool; 0 for the others. */
  readonly pageMax: number;
  /** The description of an argument, as `tools/list` shows it. */
  readonly describeArgument: (name: string) => string | undefined;
  readonly config: ToolConfig;
}

// Built once per operation and way of naming the others (which depends on the tools a
// server exposes): the HTTP endpoint builds a server per request, and the schemas and
// descriptions are the same every time.
const definitions = new Map<string, ToolDefinition>();

/**
 * The tool of `op`: its input plan, schemas, description and hints. `nameOperation` says
 * how its descriptions name other operations (their tool name when it is exposed).
 */
export function toolDefinition(op: OperationDef, nameOperation: OperationNamer): ToolDefinition {
  const tool = OPERATION_TOOLS[op.operationId as OperationId];
  const key = `${op.operationId} ${Object.keys(OPERATION_TOOLS)
    .map((id) => nameOperation(id as OperationId))
    .join(',')}`;
  const known = definitions.get(key);
  if (known) return known;
  const plan = inputPlan(op, tool);
  const input = inputJsonSchema(op, plan, nameOperation);
  const properties = input.properties as Record<string, { description?: string }>;
  const definition: ToolDefinition = {
    op,
    tool,
    plan,
    pageMax: tool.kind === 'list' ? maxPageSize(op) : 0,
    describeArgument: (name) =>
      Object.hasOwn(properties, name) ? properties[name]?.description : undefined,
    config: {
      title: op.summary,
      description: describeTool(op, tool),
      inputSchema: advertisedInput(input),
      annotations: annotationsOf(op),
    },
  };
  definitions.set(key, definition);
  return definition;
}
