import type { OperationDef } from '@refapi/schema';
import { z } from 'zod';
import type { OperationTool } from './operation-tools';

/** The contract's item schema of a list operation. */
export function itemSchema(op: OperationDef): z.ZodType {
  const schema = op.success.schema;
  // The contract's routes name the key of each list's items (`invoices`, `items`, …).
  const key = op.list?.items;
  const items = schema instanceof z.ZodObject && key ? schema.shape[key] : undefined;
  if (!(items instanceof z.ZodArray)) {
    throw new TypeError(`${op.operationId} is not a list of the contract`);
  }
  return items.element as z.ZodType;
}

/** The structured result of a list tool: up to `max_items` items and whether more exist. */
const listResult = (item: z.ZodType) =>
  z.strictObject({
    items: z.array(item),
    has_more: z.boolean(),
    next_cursor: z
      .string()
      .optional()
      .describe('Pass as `cursor` to continue where this result ended.'),
  });

/**
 * The output schema of a tool, from the contract: the response schema, a list result, or
 * none where the result is not one JSON object shape (CSV export, no response body).
 * `orders_create` declares its own.
 */
export function outputSchema(op: OperationDef, tool: OperationTool): z.ZodObject | undefined {
  if (tool.kind === 'list') return listResult(itemSchema(op));
  if (tool.kind === 'order' || op.success.csv) return undefined;
  // A fresh copy of the root: a root registered with an id would be emitted as a bare
  // `$ref`, and MCP wants `type: "object"` at the top of an output schema.
  return op.success.schema instanceof z.ZodObject ? op.success.schema.extend({}) : undefined;
}
