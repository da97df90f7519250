import type { z } from 'zod';
import type { Account } from './account';
import type { Balance } from './balance';
import type { InvoicePage, OrderPage, PlanPage, ServicePage, TransactionPage } from './envelopes';
import type { CreateOrderRequest, CreateOrderResponse } from './orders';
import type {
  BalanceQuery,
  ListInvoicesQuery,
  ListOrdersQuery,
  ListPlansQuery,
  ListServicesQuery,
  ListTransactionsQuery,
  PresetPathParams,
  ProfilePathParams,
  RulePathParams,
  ServicePathParams,
  ShieldEvidenceQuery,
  ShieldExportQuery,
  ShieldTrafficQuery,
  ShieldWindowQuery,
} from './params';
import type { SCOPES } from './scopes';
import type {
  AutoRenewRequest,
  AutoRenewResponse,
  PowerRequest,
  PowerResponse,
  ServiceEnvelope,
  ServiceStats,
} from './service';
import type {
  ShieldCapabilities,
  ShieldEvidence,
  ShieldOverview,
  ShieldProfileMutation,
  ShieldRuleIntent,
  ShieldRuleMutation,
  ShieldRulePage,
  ShieldTelemetry,
} from './shield';

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
   * Written `as const` in the table, so clients can type the items by it. `ref` names the
   * items' reference a cursor is (the spec: "the reference of the last item of the previous
   * page"); absent where the cursor is opaque (the evidence page).
   */
  readonly list?: { readonly items: string; readonly ref?: string };
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

/**
 * The schemas an entry can name, by module and export. Listed one by one, not as
 * `typeof import(...)` or a namespace import: the bundled .d.ts turns a type-only namespace
 * import into a namespace of types, which a consumer cannot `typeof` (TS2708). An entry
 * naming a schema missing here fails to compile; add it here then.
 */
interface SchemaModules {
  readonly account: {
    readonly Account: typeof Account;
  };
  readonly balance: {
    readonly Balance: typeof Balance;
  };
  readonly envelopes: {
    readonly InvoicePage: typeof InvoicePage;
    readonly OrderPage: typeof OrderPage;
    readonly PlanPage: typeof PlanPage;
    readonly ServicePage: typeof ServicePage;
    readonly TransactionPage: typeof TransactionPage;
  };
  readonly orders: {
    readonly CreateOrderRequest: typeof CreateOrderRequest;
    readonly CreateOrderResponse: typeof CreateOrderResponse;
  };
  readonly params: {
    readonly BalanceQuery: typeof BalanceQuery;
    readonly ListInvoicesQuery: typeof ListInvoicesQuery;
    readonly ListOrdersQuery: typeof ListOrdersQuery;
    readonly ListPlansQuery: typeof ListPlansQuery;
    readonly ListServicesQuery: typeof ListServicesQuery;
    readonly ListTransactionsQuery: typeof ListTransactionsQuery;
    readonly PresetPathParams: typeof PresetPathParams;
    readonly ProfilePathParams: typeof ProfilePathParams;
    readonly RulePathParams: typeof RulePathParams;
    readonly ServicePathParams: typeof ServicePathParams;
    readonly ShieldEvidenceQuery: typeof ShieldEvidenceQuery;
    readonly ShieldExportQuery: typeof ShieldExportQuery;
    readonly ShieldTrafficQuery: typeof ShieldTrafficQuery;
    readonly ShieldWindowQuery: typeof ShieldWindowQuery;
  };
  readonly service: {
    readonly AutoRenewRequest: typeof AutoRenewRequest;
    readonly AutoRenewResponse: typeof AutoRenewResponse;
    readonly PowerRequest: typeof PowerRequest;
    readonly PowerResponse: typeof PowerResponse;
    readonly ServiceEnvelope: typeof ServiceEnvelope;
    readonly ServiceStats: typeof ServiceStats;
  };
  readonly shield: {
    readonly ShieldCapabilities: typeof ShieldCapabilities;
    readonly ShieldEvidence: typeof ShieldEvidence;
    readonly ShieldOverview: typeof ShieldOverview;
    readonly ShieldProfileMutation: typeof ShieldProfileMutation;
    readonly ShieldRuleIntent: typeof ShieldRuleIntent;
    readonly ShieldRuleMutation: typeof ShieldRuleMutation;
    readonly ShieldRulePage: typeof ShieldRulePage;
    readonly ShieldTelemetry: typeof ShieldTelemetry;
  };
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
