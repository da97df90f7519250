import type { OperationDef, OperationId } from '@refapi/schema';
import type { AuthenticatedKey } from '../../domain/auth';
import type { RateDecision } from '../../domain/rate-limit';
import type { AccountRecord } from '../../domain/records';
import type { OperationResult } from '../../operations/types';
import type { ServerContext } from '../../state/server-context';
import type { Partition } from '../../store/partition';
import type { ApiRequest } from '../api-request';
import type { RouteMatch } from '../route-table';

/** What is known of a request before any stage decides: its route, key and rate-limit hit. */
export interface Admission {
  readonly ctx: ServerContext;
  readonly request: ApiRequest;
  readonly nowMs: number;
  readonly route: RouteMatch;
  readonly key: AuthenticatedKey | undefined;
  readonly decision: RateDecision;
  /** Response headers so far (rate-limit headers on every answer). */
  readonly headers: Record<string, string>;
}

/** A call as validation leaves it; every `OperationCall<Id>` is one. */
export interface ValidatedCall {
  readonly operationId: OperationId;
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly account: AccountRecord;
  readonly partition: Partition;
  readonly key: AuthenticatedKey;
  readonly idempotencyKey?: string | undefined;
  readonly now: Date;
}

// Method syntax keeps the parameter bivariant, so each `OperationImpl<Id>` fits without a cast.
type BoundImplSignature = {
  run(call: ValidatedCall, ctx: ServerContext): OperationResult | Promise<OperationResult>;
};

/** An operation's implementation, looked up by its contract entry. */
type BoundImpl = BoundImplSignature['run'];

/** A contract entry's implementation with the entry's typed operationId. */
export interface BoundOperation {
  readonly operationId: OperationId;
  readonly impl: BoundImpl;
}

/** The caller once authenticated: key and partition. */
interface Caller {
  readonly key: AuthenticatedKey;
  readonly partition: Partition;
}

/** A routed, admitted request as the operation stages fill it in, in pipeline order. */
export interface OperationState {
  readonly ctx: ServerContext;
  readonly request: ApiRequest;
  readonly nowMs: number;
  readonly op: OperationDef;
  readonly bound: BoundOperation;
  readonly rawParams: Record<string, string | undefined>;
  readonly key: AuthenticatedKey | undefined;
  readonly headers: Record<string, string>;
  /** Set by `authenticate`. */
  caller?: Caller;
  /** Set by `parse`: the JSON body, when the operation takes one and the request has one. */
  json?: unknown;
  /** Set by `validate`. */
  params?: unknown;
  query?: unknown;
  body?: unknown;
  /** Set by `idempotency` for operations that require the header. */
  idempotencyKey?: string;
}

/** One step before the operation runs: returns to go on, throws `DomainError` to answer. */
export type Stage<S> = (state: S) => void;
