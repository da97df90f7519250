import type { OperationDef } from '@refapi/schema';
import type { ApiResponse } from '../http/api-request';
import { type FailNextOptions, failureResponse } from '../http/injected-failure';

/** One queued failure: `POST /__admin/fail-next`'s body, checked. */
export interface QueuedFailure {
  readonly status: number;
  readonly options: FailNextOptions;
}

/** Failures a space may hold queued at once (all operations together). */
const MAX_QUEUED_FAILURES = 1000;

/**
 * The one-shot failures of `POST /__admin/fail-next`, per operation and in order: the
 * dispatcher takes the first queued for a request's operation and answers it instead of
 * the operation. Bounded: past {@link MAX_QUEUED_FAILURES}, queuing refuses.
 */
export class FailNextQueue {
  #byOperation = new Map<string, QueuedFailure[]>();
  #size = 0;

  /** Queues a failure; false when the queue is full. */
  add(operationId: string, failure: QueuedFailure): boolean {
    if (this.#size >= MAX_QUEUED_FAILURES) return false;
    const queue = this.#byOperation.get(operationId);
    if (queue === undefined) this.#byOperation.set(operationId, [failure]);
    else queue.push(failure);
    this.#size++;
    return true;
  }

  /** The answer of the next queued failure of `op`, taken off the queue; undefined when none. */
  take(op: OperationDef, nowMs: number): ApiResponse | undefined {
    if (this.#size === 0) return undefined;
    const queue = this.#byOperation.get(op.operationId);
    const failure = queue?.shift();
    if (failure === undefined) return undefined;
    this.#size--;
    if (queue?.length === 0) this.#byOperation.delete(op.operationId);
    return failureResponse(op, failure.status, failure.options, nowMs);
  }

  /** Drops every queued failure (a scenario load or reset). */
  clear(): void {
    this.#byOperation = new Map();
    this.#size = 0;
  }
}
