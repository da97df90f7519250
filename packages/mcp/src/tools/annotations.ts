import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { OperationDef } from '@refapi/schema';

/**
 * MCP hints of an operation's tool: reads are read-only (and idempotent); writes are
 * destructive when their contract entry says so (they buy, power or change Shield rules or
 * profiles); a write is
 * idempotent when the API makes repeating it harmless (PUT auto-renew, and every
 * operation with an Idempotency-Key, which the tool derives from the arguments).
 */
export function annotationsOf(op: OperationDef): ToolAnnotations {
  if (op.access === 'read') {
    return { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
  }
  return {
    readOnlyHint: false,
    destructiveHint: op.mcp.destructive === true,
    idempotentHint: op.idempotencyKey || op.method === 'PUT',
    openWorldHint: false,
  };
}
