import { IdempotencyKey, type OperationDef } from '@refapi/schema';
import { z } from 'zod';
import type { CallArgs, OperationTool } from './operation-tools';

/** Default and largest `max_items` of the list tools. */
export const MAX_ITEMS = { default: 50, max: 500 } as const;

// Fields the tools add on top of the contract's.
const idempotencyKey = IdempotencyKey.optional().describe(
  'Idempotency-Key to send. Without it one is derived from the tool and its arguments by this server process, so repeating the same call replays the first result instead of acting twice. Pass distinct keys to do the same thing twice on purpose (e.g. buy two identical servers).',
);
const maxItems = z
  .int()
  .min(1)
  .max(MAX_ITEMS.max)
  .default(MAX_ITEMS.default)
  .describe(
    `How many items to return at most (default ${MAX_ITEMS.default}, at most ${MAX_ITEMS.max}); the result says whether more exist.`,
  );
const dryRun = z
  .boolean()
  .default(true)
  .describe(
    'true (default): return the quote and what would be bought, spending nothing. false: buy it.',
  );

const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> => {
  if (schema === undefined) return {};
  if (!(schema instanceof z.ZodObject)) {
    throw new TypeError('tool inputs are built from object schemas only');
  }
  return schema.shape as Record<string, z.ZodType>;
};

/** Which argument names go to the path, the query and the body of an operation. */
export interface ArgumentPlan {
  readonly schema: z.ZodObject;
  readonly path: readonly string[];
  readonly query: readonly string[];
  readonly body: readonly string[];
}

/**
 * The tool input of an operation, from the contract's own zod schemas: path parameters,
 * query and body fields side by side (the contract never reuses a name between them).
 * Lists take `cursor` and `max_items` instead of `limit`; keyed writes take
 * `idempotency_key`; `orders_create` takes `dry_run`.
 */
export function inputPlan(op: OperationDef, tool: OperationTool): ArgumentPlan {
  const path = shapeOf(op.pathParams);
  const query = { ...shapeOf(op.query) };
  // The list tools size their pages from `max_items`.
  if (tool.kind === 'list') delete query.limit;
  const body = shapeOf(op.body);
  const extra: Record<string, z.ZodType> = {};
  if (tool.kind === 'list') extra.max_items = maxItems;
  if (op.idempotencyKey) extra.idempotency_key = idempotencyKey;
  if (tool.kind === 'order') extra.dry_run = dryRun;
  const parts = [path, query, body, extra];
  const seen = new Set<string>();
  for (const name of parts.flatMap(Object.keys)) {
    if (seen.has(name)) throw new TypeError(`${op.operationId}: argument ${name} is ambiguous`);
    seen.add(name);
  }
  return {
    schema: z.strictObject({ ...path, ...query, ...body, ...extra }),
    path: Object.keys(path),
    query: Object.keys(query),
    body: Object.keys(body),
  };
}

const pick = (args: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(names.filter((n) => args[n] !== undefined).map((n) => [n, args[n]]));

/** Splits validated tool arguments back into path, query and body. */
export function splitArgs(plan: ArgumentPlan, args: Record<string, unknown>): CallArgs {
  return {
    path: pick(args, plan.path) as Record<string, string>,
    query: pick(args, plan.query),
    body: pick(args, plan.body),
  };
}
