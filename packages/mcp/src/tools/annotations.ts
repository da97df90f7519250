import type { ToolAnnotations } from '@modelcontextprotocol/server';
import type { OperationDef, OperationId } from '@refapi/schema';

// Writes that spend money, cut power or change what traffic reaches a server.
const DESTRUCTIVE: ReadonlySet<OperationId> = new Set<OperationId>([
  'createOrder',
  'powerService',
  'createShieldRule',
  'deleteShieldRule',
  'applyShieldPreset',
  'applyShieldProfile',
]);

/**
 * MCP hints of an operation's tool: reads are read-only (and idempotent); writes are
 * destructive when they buy, power or change Shield rules or profiles; a write is
 * idempotent when the API makes repeating it harmless (PUT auto-renew, and every
 * operation with an Idempotency-Key, which the tool derives from the arguments).
 */
export function annotationsOf(op: OperationDef): ToolAnnotations {
  if (op.access === 'read') {
    return { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
  }
  const id = op.operationId as OperationId;
  return {
    readOnlyHint: false,
    destructiveHint: DESTRUCTIVE.has(id),
    idempotentHint: op.idempotencyKey || op.method === 'PUT',
    openWorldHint: false,
  };
}
