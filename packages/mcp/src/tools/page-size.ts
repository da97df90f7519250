import type { OperationDef } from '@refapi/schema';
import { z } from 'zod';

/** The largest `limit` the contract allows for one page of a list operation. */
export function maxPageSize(op: OperationDef): number {
  const limit = op.query?.shape.limit as z.ZodType | undefined;
  if (limit === undefined) throw new TypeError(`${op.operationId} has no limit`);
  const json = z.toJSONSchema(limit, { io: 'input' }) as { maximum?: number };
  if (json.maximum === undefined) throw new TypeError(`${op.operationId}: limit has no maximum`);
  return json.maximum;
}
