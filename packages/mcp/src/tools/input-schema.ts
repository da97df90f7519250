import {
  IdempotencyKey,
  type OperationDef,
  type OperationId,
  type OperationNamer,
  parameterDescription,
} from '@refapi/schema';
import { z } from 'zod';
import { leanJsonSchema } from './lean-json-schema';
import type { CallArgs, OperationTool } from './operation-tools';
import { ToolRefusal } from './tool-refusal';

/** Default and largest `max_items` of the list tools. */
export const MAX_ITEMS = { default: 50, max: 500 } as const;

// Fields the tools add on top of the contract's.
const idempotencyKey = IdempotencyKey.optional().describe(
  'Letters, digits and _ . : - (up to 128). Without it, one is derived from the arguments, so a repeated call replays the first result; pass a new key to act twice on purpose.',
);
const maxItems = z
  .int()
  .min(1)
  .max(MAX_ITEMS.max)
  .default(MAX_ITEMS.default)
  .describe('How many items to return at most; the result says whether more exist.');
const dryRun = z
  .boolean()
  .default(true)
  .describe(
    'true (default): only quote, spending nothing, and hold a plan (plan_id) of the order. false: buy the plan named by plan_id.',
  );

const planId = z
  .string()
  .regex(/^plan_[0-9a-f]{32}$/)
  .optional()
  .describe(
    'Required with dry_run false: the plan_id of the dry run the user saw. Buys exactly that plan (its price and body; the arguments must be the same), once; refused if the price changed since.',
  );

const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> => {
  if (schema === undefined) return {};
  if (!(schema instanceof z.ZodObject)) {
    throw new TypeError('tool inputs are built from object schemas only');
  }
  return schema.shape as Record<string, z.ZodType>;
};

/** Where an argument goes: the request's path, query or body, or the tool itself. */
type ArgumentLocation = 'path' | 'query' | 'body' | 'tool';

/** One argument of a tool: where it goes and the contract's schema of it. */
export interface Argument {
  readonly name: string;
  readonly location: ArgumentLocation;
  readonly schema: z.ZodType;
}

/** Which argument names go to the path, the query and the body of an operation. */
export interface ArgumentPlan {
  /** The contract's rules for the arguments, checked by the handler. */
  readonly schema: z.ZodObject;
  readonly arguments: readonly Argument[];
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
  if (tool.kind === 'order') {
    extra.dry_run = dryRun;
    extra.plan_id = planId;
  }
  const parts = [
    ['path', path],
    ['query', query],
    ['body', body],
    ['tool', extra],
  ] as const;
  const args: Argument[] = [];
  for (const [location, shape] of parts) {
    for (const [name, schema] of Object.entries(shape)) {
      if (args.some((a) => a.name === name))
        throw new TypeError(`${op.operationId}: argument ${name} is ambiguous`);
      args.push({ name, location, schema });
    }
  }
  return {
    schema: z.strictObject({ ...path, ...query, ...body, ...extra }),
    arguments: args,
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

/**
 * The JSON Schema `tools/list` shows for an operation's tool: every argument described
 * (the contract's parameter descriptions, naming other operations by `nameOperation`),
 * enums and real bounds kept, no patterns. A query value shows as what the API takes (a
 * bounded integer for `window_hours`), not as the text-or-number union of the wire.
 */
export function inputJsonSchema(
  op: OperationDef,
  plan: ArgumentPlan,
  nameOperation: OperationNamer,
): Record<string, unknown> {
  return argumentsJsonSchema(plan.arguments, ({ name, location, schema }) =>
    location === 'tool'
      ? schema.description
      : parameterDescription(op.operationId as OperationId, name, nameOperation),
  );
}

/**
 * The lean JSON Schema of a tool's arguments, each with its description (an argument
 * without one is a build error: every argument a model sees is described).
 */
export function argumentsJsonSchema(
  args: readonly Argument[],
  describe: (arg: Argument) => string | undefined,
): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const arg of args) {
    const description = describe(arg);
    if (description === undefined) throw new TypeError(`argument ${arg.name} is not described`);
    properties[arg.name] = { ...argumentJson(arg.schema, arg.location), description };
    if (!arg.schema.safeParse(undefined).success) required.push(arg.name);
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

function argumentJson(schema: z.ZodType, location: ArgumentLocation): Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: location === 'query' ? 'output' : 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  const { description: _, ...lean } = leanJsonSchema(json);
  return lean;
}

/**
 * The issues with one bound per argument and side: a number past both the contract's bound
 * and a safe integer's (`max_items: 2 ** 60`) fails both, and the tighter one says it.
 */
function tighterBounds(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  type Bound = z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall;
  const limit = (issue: Bound) => Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
  const out: z.core.$ZodIssue[] = [];
  // Where in `out` the bound kept for an argument and side is.
  const kept = new Map<string, number>();
  for (const issue of issues) {
    if (issue.code !== 'too_big' && issue.code !== 'too_small') {
      out.push(issue);
      continue;
    }
    const key = `${issue.code} ${issue.path.map(String).join('.')}`;
    const index = kept.get(key);
    if (index === undefined) {
      kept.set(key, out.push(issue) - 1);
      continue;
    }
    const other = out[index] as Bound;
    const tighter =
      issue.code === 'too_big' ? limit(issue) < limit(other) : limit(issue) > limit(other);
    if (tighter) out[index] = issue;
  }
  return out;
}

/**
 * Checks a tool's arguments against the contract's `schema`, or refuses them with one
 * line per bad argument that says what is expected (its description, not a pattern).
 */
export function parseArguments<T extends z.ZodObject>(
  schema: T,
  args: unknown,
  describe: (name: string) => string | undefined,
): z.output<T> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const problems = tighterBounds(parsed.error.issues).map((issue) => {
    const name = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      const takes = Object.keys(schema.shape).join(', ') || 'none';
      return `unknown argument ${issue.keys.join(', ')} (this tool takes ${takes})`;
    }
    const expected = describe(String(issue.path[0] ?? ''));
    if ((issue.code === 'invalid_format' || issue.code === 'invalid_union') && expected)
      return `${name}: not valid; expected: ${expected.replace(/\.$/, '')}`;
    return `${name || 'arguments'}: ${issue.message}`;
  });
  throw new ToolRefusal(
    'invalid_arguments',
    `Invalid arguments: ${problems.join('; ')}.`,
    "Fix the arguments named here (the tool's input schema describes each), then call again.",
  );
}
