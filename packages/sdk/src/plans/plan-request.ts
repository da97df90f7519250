import type { PlannableOperation, RequestPlanOf } from '@refapi/schema/request-plan';
import type { BodyOf, PathParamsOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';

/** The inputs of the planned request of operation K: its path parameters and body. */
export interface PlannedInput<K extends PlannableOperation> {
  readonly operation: K;
  readonly pathParams: [PathParamsOf<K>] extends [never] ? Record<string, never> : PathParamsOf<K>;
  readonly body: [BodyOf<K>] extends [never] ? null : BodyOf<K>;
}

/** Options of the `plan…()` methods. */
export interface PlanOptions extends Pick<RequestOptions, 'signal' | 'timeout'> {
  /** The `Idempotency-Key` the plan will send; a fresh UUID when absent. */
  readonly idempotencyKey?: string | undefined;
  /** Seconds until the plan expires (default 3600: one hour). */
  readonly expiresInSeconds?: number | undefined;
  /** The plan's creation time (default now). */
  readonly now?: Date | undefined;
}

/** Options of `client.apply()`. */
export interface ApplyOptions extends Pick<RequestOptions, 'signal' | 'timeout'> {
  /** The time the expiry is checked against (default now). */
  readonly now?: Date | undefined;
}

/** A plan of operation K, as the `plan…()` methods make it (a JSON-serializable object). */
export type PlanOf<K extends PlannableOperation> = RequestPlanOf<K>;
