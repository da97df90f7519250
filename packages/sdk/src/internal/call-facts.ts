import type { OperationId } from '@refapi/schema';

/** What the attempts of one call share: who they are, and how many went out. */
export class CallFacts {
  readonly operationId: OperationId;
  /** The contract's path template (`/services/{service_ref}`): the span name and `url.template`. */
  readonly urlTemplate: string;
  /** The caller's own signal: an abort by it is a cancellation, not a timeout. */
  readonly userSignal: AbortSignal | undefined;
  /** The per-attempt `timeout` of the call, in ms. */
  readonly timeoutMs: number;
  /** Attempts sent so far. */
  attempts = 0;
  /** The request of the latest attempt. */
  lastRequest: Request | undefined;

  constructor(
    operationId: OperationId,
    urlTemplate: string,
    userSignal: AbortSignal | undefined,
    timeoutMs: number,
  ) {
    this.operationId = operationId;
    this.urlTemplate = urlTemplate;
    this.userSignal = userSignal;
    this.timeoutMs = timeoutMs;
  }
}
