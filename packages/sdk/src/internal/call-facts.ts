import type { OperationId } from '@refapi/schema';

/** What the attempts of one call share: who they are, their limits, and how many went out. */
export class CallFacts {
  readonly operationId: OperationId;
  /** The contract's path template (`/services/{service_ref}`): the span name and `url.template`. */
  readonly urlTemplate: string;
  /** The caller's own signal: an abort by it is a cancellation, not a timeout. */
  readonly userSignal: AbortSignal | undefined;
  /** The per-attempt `timeout` of the call, in ms. */
  readonly timeoutMs: number;
  /** Aborts when the call's `totalTimeout` elapses; undefined without one. */
  readonly deadlineSignal: AbortSignal | undefined;
  /** The call's `totalTimeout`, in ms. */
  readonly totalTimeoutMs: number | undefined;
  /** Attempts sent so far. */
  attempts = 0;
  /** The request of the latest attempt. */
  lastRequest: Request | undefined;

  constructor(init: {
    operationId: OperationId;
    urlTemplate: string;
    userSignal: AbortSignal | undefined;
    timeoutMs: number;
    deadlineSignal: AbortSignal | undefined;
    totalTimeoutMs: number | undefined;
  }) {
    this.operationId = init.operationId;
    this.urlTemplate = init.urlTemplate;
    this.userSignal = init.userSignal;
    this.timeoutMs = init.timeoutMs;
    this.deadlineSignal = init.deadlineSignal;
    this.totalTimeoutMs = init.totalTimeoutMs;
  }
}
