import type { ApiPromise } from '../api-promise';
import type { Core } from '../internal/core';
import type { PathParamsOf, SuccessOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ApiResult } from '../result-meta';

// A preset and a profile are both "queue the bundle named `code` on this service (202)";
// the call lives here once, and each subclass only names its operation and path parameter.
/** Base of `shield(ref).presets` and `shield(ref).profiles`: applies a bundle by its code. */
export abstract class ShieldBundleResource<
  K extends 'applyShieldPreset' | 'applyShieldProfile',
  Code extends string,
> {
  /** @internal */
  protected readonly core: Core;
  /** @internal */
  protected readonly serviceRef: string;
  /** @internal The operation that queues the bundle. */
  protected abstract readonly operationId: K;

  constructor(core: Core, serviceRef: string) {
    this.core = core;
    this.serviceRef = serviceRef;
  }

  /** Queues the preset rule or profile bundle named `code` (202). */
  apply(code: Code, options?: RequestOptions): ApiPromise<ApiResult<SuccessOf<K>>> {
    return this.core.call(this.operationId, { path: this.pathFor(code), options });
  }

  /** @internal The path parameters of `operationId` for `code`. */
  protected abstract pathFor(code: Code): PathParamsOf<K>;
}
