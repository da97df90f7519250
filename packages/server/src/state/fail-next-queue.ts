import { isFreeText, type OperationDef, type OperationId, operations } from '@refapi/schema';

// The queue of `POST /__admin/fail-next` and the test kit's `failNext()`: what is queued, checked
// where it is queued. The API room turns a taken failure into its response (`failureResponse`).

/** Options of `failNext()`. */
export interface FailNextOptions {
  /** Seconds announced in `Retry-After`; without it, only a 429 sends one (the window's end). */
  readonly retryAfter?: number;
  /** The `error` code of the body. Default: the code the server uses for that status. */
  readonly error?: string;
}

/** The contract entry of an operation id, or a TypeError naming the unknown one. */
export function operationFor(operationId: OperationId): OperationDef {
  // Own keys only: `constructor` and the rest of Object.prototype are no operations.
  const op = Object.hasOwn(operations, operationId)
    ? (operations as Readonly<Record<string, OperationDef>>)[operationId]
    : undefined;
  if (op === undefined) throw new TypeError(`failNext: unknown operationId "${operationId}"`);
  return op;
}

/** Checks the status and options up front, so a typo fails where it was written. */
export function checkFailure(status: number, options: FailNextOptions): void {
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    throw new RangeError(`failNext: status must be an integer from 400 to 599, got ${status}`);
  }
  const { retryAfter, error } = options;
  if (retryAfter !== undefined && (!Number.isInteger(retryAfter) || retryAfter < 0)) {
    throw new RangeError(`failNext: retryAfter must be whole seconds >= 0, got ${retryAfter}`);
  }
  // As `POST /__admin/fail-next` takes it: the answer is `{error: string}`, and an object, an
  // empty code or one with control characters had gone out as it was given.
  if (
    error !== undefined &&
    (typeof error !== 'string' || error.length === 0 || error.length > 200 || !isFreeText(error))
  ) {
    throw new RangeError(
      `failNext: error must be a code of 1 to 200 characters without control characters, got ${JSON.stringify(error)}`,
    );
  }
}

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

  /** How many failures are queued, for every operation together. */
  get size(): number {
    return this.#size;
  }

  /** The next queued failure of `op`, taken off the queue; undefined when none. */
  take(op: OperationDef): QueuedFailure | undefined {
    if (this.#size === 0) return undefined;
    const queue = this.#byOperation.get(op.operationId);
    const failure = queue?.shift();
    if (failure === undefined) return undefined;
    this.#size--;
    if (queue?.length === 0) this.#byOperation.delete(op.operationId);
    return failure;
  }

  /** Drops every queued failure (a scenario load or reset). */
  clear(): void {
    this.#byOperation = new Map();
    this.#size = 0;
  }
}
