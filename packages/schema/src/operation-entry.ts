import type { z } from 'zod';
import type * as account from './account';
import type * as envelopes from './envelopes';
import type * as orders from './orders';
import type * as params from './params';
import type { SCOPES } from './scopes';
import type * as service from './service';
import type * as shield from './shield';

// One operation's contract entry: everything the packages derive about it, in one place.
// The entries import no zod at run time (a client reads them without building a schema):
// they name their schemas as `module.Export`, which the contract table (`contract.ts`)
// resolves and `loadSuccessSchema` imports on first use. Typed, so a misspelt or missing
// schema fails to compile.

/** HTTP methods used by the API. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Error statuses an operation may answer with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 428 | 429 | 502 | 503;

/** One operation's route: the contract table's entry without its schemas. */
export interface RouteDef {
  readonly operationId: string;
  readonly summary: string;
  readonly method: HttpMethod;
  /** Path template relative to the base URL (which ends in `/v1`), e.g. `/services/{service_ref}`. */
  readonly path: string;
  readonly scope: (typeof SCOPES)[number];
  /** Which rate-limit window the operation counts against. */
  readonly access: 'read' | 'write';
  /** Whether the `Idempotency-Key` header is required (428 without it). */
  readonly idempotencyKey: boolean;
  /** Refused with 503 `shield_paused` while the Shield is paused (`POST /__admin/shield`). */
  readonly pausable?: boolean;
  readonly success: {
    readonly status: 200 | 202;
    /** The success response has no body schema (the body, if any, carries nothing). */
    readonly empty?: boolean;
    /** The operation can also answer `text/csv` (export with `format=csv`). */
    readonly csv?: boolean;
  };
  /** Error statuses exactly as listed by the spec for this operation. */
  readonly errors: readonly ErrorStatus[];
  /** Statuses the reference server's own rules add for this operation only (its spec's section 8). */
  readonly referenceErrors?: readonly ErrorStatus[];
  /**
   * A cursor-paginated list: the key of the item array in its success body (`invoices` in
   * `{invoices, pagination}`; `items` in the evidence page, `{items, next_cursor}`).
   * Written `as const` in the table, so clients can type the items by it.
   */
  readonly list?: { readonly items: string };
  /** Long description (the OpenAPI document's; `summary` stays the one-liner). */
  readonly description: string;
  /**
   * What each path, query and body input means, for the OpenAPI document, the MCP tools'
   * input schemas and refctl's help. Another operation is named `{operationId}`; each
   * reader renders it in its own terms (`GET /plans`, `plans_list`, `refctl plans list`).
   * `contract.ts` checks at compile time that the names are exactly the inputs.
   */
  readonly parameters: Readonly<Record<string, string>>;
  /** The operation's tool in `@refapi/mcp`. */
  readonly mcp: {
    /** Its name, `<resource>_<verb>`. */
    readonly tool: `${string}_${string}`;
    /** It buys, cuts power or changes what traffic reaches a server (the tool's hint). */
    readonly destructive?: true;
    /** What the write costs or changes beyond its summary, for a model deciding to call. */
    readonly effects?: string;
  };
  /**
   * The SDK method that sends it, from the client (`plans.list` is `client.plans.list`;
   * `shield.…` methods hang off `client.shield(service_ref)`).
   */
  readonly sdk: `${string}.${string}`;
  /** The refctl command that sends it, without `refctl` (`plans list`). */
  readonly refctl: Lowercase<string>;
}

/** The schema modules an entry names its schemas from, by module name. */
interface SchemaModules {
  readonly account: typeof account;
  readonly envelopes: typeof envelopes;
  readonly orders: typeof orders;
  readonly params: typeof params;
  readonly service: typeof service;
  readonly shield: typeof shield;
}

/** `module.Export` of a zod schema of the schema modules, e.g. `envelopes.InvoicePage`. */
export type SchemaRef = {
  [M in keyof SchemaModules]: {
    [N in keyof SchemaModules[M]]: SchemaModules[M][N] extends z.ZodType
      ? `${M}.${N & string}`
      : never;
  }[keyof SchemaModules[M]];
}[keyof SchemaModules];

/** The zod schema a `SchemaRef` names. */
export type SchemaOf<R> = R extends `${infer M extends keyof SchemaModules}.${infer N}`
  ? N extends keyof SchemaModules[M]
    ? SchemaModules[M][N]
    : never
  : never;

/** One operation's contract entry: its route, schemas, texts and names on every surface. */
export interface OperationEntry extends RouteDef {
  readonly schemas: {
    readonly pathParams?: SchemaRef;
    readonly query?: SchemaRef;
    readonly body?: SchemaRef;
    /** Absent when the success response has no body schema (then `success.empty` is true). */
    readonly success?: SchemaRef;
  };
}

/** Declares a group of entries, each keyed by its operationId. */
export const defineEntries = <T extends Record<string, OperationEntry>>(
  table: {
    [K in keyof T]: T[K] & { operationId: K };
  },
) => table;
