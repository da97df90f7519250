import type { OperationId, Operations } from './contract';
import { type RouteId, routes } from './routes';

// What each input of each operation means, written once in its entry (`entries-*.ts`) and read
// by the OpenAPI document (parameter and request-body descriptions), the MCP tools' input
// schemas and refctl's help. Plain strings in modules without zod, so a CLI can show them
// without building a schema; typed by the contract, so a parameter without a description
// (or a description of a parameter that does not exist) fails to compile.
//
// A description names another operation as `{operationId}`; each reader renders it in its
// own terms: the OpenAPI document as `GET /plans`, the MCP tools as `plans_list`.

type FieldNames<S> = S extends { readonly shape: infer Shape }
  ? Extract<keyof Shape, string>
  : never;
type InputOf<
  K extends OperationId,
  F extends 'pathParams' | 'query' | 'body',
> = Operations[K] extends { readonly [P in F]: infer S } ? FieldNames<S> : never;

/** The path, query and body field names of an operation. */
export type ParameterName<K extends OperationId> =
  | InputOf<K, 'pathParams'>
  | InputOf<K, 'query'>
  | InputOf<K, 'body'>;

type DescriptionTable = {
  readonly [K in OperationId]: { readonly [P in ParameterName<K>]: string };
};

/** The description of every path, query and body parameter, by operation (from its entry). */
export const PARAMETER_DESCRIPTIONS: DescriptionTable = Object.fromEntries(
  Object.entries(routes).map(([id, entry]) => [id, entry.parameters]),
) as { readonly [K in RouteId]: (typeof routes)[K]['parameters'] };

// Each entry's parameter texts name exactly its inputs: a missing text fails to compile
// (above), and so does a text of an input that does not exist.
type StrayText = {
  [K in RouteId]: Exclude<keyof (typeof routes)[K]['parameters'], ParameterName<K>>;
}[RouteId];
const noStrayText: [StrayText] extends [never] ? true : StrayText = true;
void noStrayText;

/** How a description names another operation. */
export type OperationNamer = (operationId: RouteId) => string;

/** `GET /plans`: how the API document names an operation. */
const methodAndPath: OperationNamer = (id) => `${routes[id].method} ${routes[id].path}`;

/**
 * The description of one input (path, query or body field) of an operation, or undefined
 * for a name the operation does not take. Other operations are named by `nameOperation`
 * (by default `GET /plans`; the MCP tools pass their tool names).
 * @example parameterDescription('powerService', 'service_ref') // 'Reference of an owned KVM service (REF-SVC-…), from GET /services.'
 */
export function parameterDescription(
  operationId: RouteId,
  name: string,
  nameOperation: OperationNamer = methodAndPath,
): string | undefined {
  const table: Readonly<Record<string, string>> = PARAMETER_DESCRIPTIONS[operationId];
  if (!Object.hasOwn(table, name)) return undefined;
  return table[name]?.replace(/\{(\w+)\}/g, (_, id: string) => nameOperation(id as RouteId));
}
