import type { ApiPromise } from '../api-promise';
import type { PathParamsOf, SuccessOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import { makePlan } from '../plans/make-plan';
import type { PlanOf, PlanOptions } from '../plans/plan-request';
import type { ApiResult } from '../result-meta';
import { ServiceResource } from './resource';

// A preset and a profile are both "queue the bundle named `code` on this service (202)";
// the call lives here once, and each subclass only names its operation and path parameter.
/** Base of `shield(ref).presets` and `shield(ref).profiles`: applies a bundle by its code. */
export abstract class ShieldBundleResource<
  K extends 'applyShieldPreset' | 'applyShieldProfile',
  Code extends string,
> extends ServiceResource {
  /** @internal The operation that queues the bundle. */
  protected abstract readonly operationId: K;

  /** Queues the preset rule or profile bundle named `code` (202). */
  apply(code: Code, options?: RequestOptions): ApiPromise<ApiResult<SuccessOf<K>>> {
    return this.core.call(this.operationId, { path: this.pathFor(code), options });
  }

  /** Plans `apply(code)` without sending it; `client.apply(plan)` sends it, with the planned key. */
  planApply(code: Code, options?: PlanOptions): Promise<PlanOf<K>> {
    return makePlan(
      this.core,
      { operation: this.operationId, pathParams: this.pathFor(code), body: null } as never,
      options,
    ) as Promise<PlanOf<K>>;
  }

  /** @internal The path parameters of `operationId` for `code`. */
  protected abstract pathFor(code: Code): PathParamsOf<K>;
}
