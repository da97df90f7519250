import type { OperationDef } from '@refapi/schema';
import { z } from 'zod';

/** The contract's item schema of a list operation (what a list tool's `items` hold). */
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
