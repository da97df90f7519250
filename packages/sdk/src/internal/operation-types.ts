import type { OperationId, Operations } from '@refapi/schema';
import type { RouteId, routes } from '@refapi/schema/client';
import type { z } from 'zod';

// Request and response types are read off the contract table, never redeclared: a change
// to a schema in @refapi/schema changes these types and breaks the SDK at compile time.

type Op<K extends OperationId> = Operations[K];

// `operations` is inferred through a reverse mapped type, and TypeScript does not match
// such types structurally in conditional types (`X extends { schema: infer S }` is false
// even when X has `schema`). Key lookups and indexed access do work, so we use those.
type Field<T, F extends string> = F extends keyof T ? T[F] : never;
type Zod<T> = T extends z.ZodType ? T : never;
type InputOf<T> = [T] extends [never] ? never : z.input<Zod<T>>;

// An integer query parameter's schema also takes the decimal string a URL carries (the
// server parses with it): in code it is a number, as the contract's integer says.
type NumbersAsNumbers<T> = [T] extends [never]
  ? never
  : { [P in keyof T]: number extends T[P] ? Exclude<T[P], string> : T[P] };

/** What a caller writes in the query of operation K (defaults optional). */
export type QueryOf<K extends OperationId> = NumbersAsNumbers<InputOf<Field<Op<K>, 'query'>>>;

/** What a caller writes in the JSON body of operation K. */
export type BodyOf<K extends OperationId> = InputOf<Field<Op<K>, 'body'>>;

/** Path parameters of operation K. */
export type PathParamsOf<K extends OperationId> = InputOf<Field<Op<K>, 'pathParams'>>;

/** The parsed success body of operation K; `undefined` when it has no body schema. */
export type SuccessOf<K extends OperationId> = [Field<Op<K>['success'], 'schema'>] extends [never]
  ? undefined
  : z.output<Zod<Field<Op<K>['success'], 'schema'>>>;

type Route<K extends RouteId> = (typeof routes)[K];

/** The key of the item array in list K's success body, from the contract's routes. */
type ItemsKey<K extends RouteId> = Field<Field<Route<K>, 'list'>, 'items'>;

/** operationId of a cursor-paginated list (its route names the key of its items). */
export type ListOperationId = {
  [K in RouteId]: [ItemsKey<K>] extends [never] ? never : K;
}[RouteId];

/** The item type of list K (e.g. `Invoice` for the invoice list). */
export type ItemOf<K extends ListOperationId> =
  SuccessOf<K> extends Record<ItemsKey<K>, ReadonlyArray<infer I>> ? I : never;
