import type { z } from 'zod';
import * as account from './account';
import * as balance from './balance';
import * as envelopes from './envelopes';
import type { OperationEntry, SchemaOf, SchemaRef } from './operation-entry';
import * as orders from './orders';
import * as params from './params';
import { type ErrorStatus, type RouteDef, type RouteId, routes } from './routes';
import * as service from './service';
import * as shield from './shield';

/** One entry of the contract table: everything server, SDK and CLI need about an operation. */
export interface OperationDef extends RouteDef {
  readonly pathParams?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly success: RouteDef['success'] & {
    /** Absent when the success response has no body schema (then `empty` is true). */
    readonly schema?: z.ZodType;
  };
}

type Schemas = OperationEntry['schemas'];
type Input<S extends Schemas, F extends 'pathParams' | 'query' | 'body'> = S extends {
  readonly [P in F]: infer R;
}
  ? { readonly [P in F]: SchemaOf<R> }
  : unknown;

/** An entry with its named schemas resolved: its row of the contract table. */
type OperationOf<E extends OperationEntry> = Omit<E, 'schemas' | 'success'> &
  Input<E['schemas'], 'pathParams'> &
  Input<E['schemas'], 'query'> &
  Input<E['schemas'], 'body'> & {
    readonly success: E['success'] &
      (E['schemas'] extends { readonly success: infer R }
        ? { readonly schema: SchemaOf<R> }
        : unknown);
  };

const SCHEMA_MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  account,
  balance,
  envelopes,
  orders,
  params,
  service,
  shield,
};

/** The schema an entry names (`envelopes.InvoicePage`). */
function resolve(ref: SchemaRef): z.ZodType {
  const [module = '', name = ''] = ref.split('.');
  return SCHEMA_MODULES[module]?.[name] as z.ZodType;
}

/** An entry's row of the contract table: the entry with its schemas resolved, in place. */
function operationOf({ schemas, ...entry }: OperationEntry): OperationDef {
  const row: Record<string, unknown> = { ...entry };
  if (schemas.pathParams) row.pathParams = resolve(schemas.pathParams);
  if (schemas.query) row.query = resolve(schemas.query);
  if (schemas.body) row.body = resolve(schemas.body);
  if (schemas.success) row.success = { ...entry.success, schema: resolve(schemas.success) };
  return row as unknown as OperationDef;
}

/** The contract table: each operation's entry with its schemas, keyed by operationId. */
export const operations = Object.fromEntries(
  Object.entries(routes).map(([id, entry]) => [id, operationOf(entry)]),
) as unknown as { readonly [K in RouteId]: OperationOf<(typeof routes)[K]> };

/** The contract table's type. */
export type Operations = typeof operations;
/** The operationId of any of the 23 operations. */
export type OperationId = keyof Operations;

/** The contract table as a list, in the spec's order. */
export const operationList: readonly OperationDef[] = Object.values(operations);

/**
 * Error statuses the reference server adds to the spec's list for an operation:
 * 400 for any operation with inputs (a body not declared JSON is `invalid_content_type`),
 * 404 under a service reference, 413 for bodies, 429 everywhere (rate limits), and 503
 * `state_unavailable` for writes (with `--state-file`, while its disk refuses writes), and
 * the operation's own `referenceErrors` (422 for Shield rules a provider would refuse).
 */
export function documentedErrorStatuses(op: OperationDef): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([...op.errors, ...(op.referenceErrors ?? [])]);
  if (op.pathParams || op.query || op.body) statuses.add(400);
  if (op.pathParams) statuses.add(404);
  if (op.body) statuses.add(413);
  statuses.add(429);
  if (op.access === 'write') statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}
