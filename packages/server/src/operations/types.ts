import type { OperationId, Operations } from '@refapi/schema';
import type { z } from 'zod';
import type { AuthenticatedKey } from '../domain/auth';
import type { AccountRecord } from '../domain/records';
import type { ServerContext } from '../state/server-context';
import type { Partition } from '../store/partition';

type Parsed<Def, Field extends string> = Def extends { readonly [F in Field]: infer S }
  ? S extends z.ZodType
    ? z.output<S>
    : undefined
  : undefined;

/** What an operation receives: validated inputs plus the caller's identity and the time. */
export interface OperationCall<Id extends OperationId = OperationId> {
  readonly operationId: Id;
  /** Path parameters, parsed by the contract's `pathParams` schema. */
  readonly params: Parsed<Operations[Id], 'pathParams'>;
  /** Query, parsed by the contract's `query` schema (defaults applied, unknown keys dropped). */
  readonly query: Parsed<Operations[Id], 'query'>;
  /** JSON body, parsed by the contract's `body` schema. */
  readonly body: Parsed<Operations[Id], 'body'>;
  /** The caller's account record at dispatch time. */
  readonly account: AccountRecord;
  /** The caller's partition: services, invoices, orders, transactions (read indexes). */
  readonly partition: Partition;
  readonly key: AuthenticatedKey;
  /** The validated `Idempotency-Key` (operations with `idempotencyKey: true` only). */
  readonly idempotencyKey?: string | undefined;
  /** Server time at dispatch. */
  readonly now: Date;
}

/** What an operation answers on success. */
export interface OperationResult {
  readonly status: number;
  /** JSON body (serialized by the adapter). */
  readonly body?: unknown;
  /** Raw text body (e.g. CSV); set `content-type` in `headers`. */
  readonly text?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One operation: pure of HTTP, throws `DomainError` to refuse. */
export type OperationImpl<Id extends OperationId = OperationId> = (
  call: OperationCall<Id>,
  ctx: ServerContext,
) => OperationResult | Promise<OperationResult>;

/** Implementations of every operation of the contract, keyed by operationId. */
export type OperationImpls = { readonly [Id in OperationId]: OperationImpl<Id> };
