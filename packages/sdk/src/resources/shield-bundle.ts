import type { ApiPromise } from '../api-promise';
import type { Core } from '../internal/core';
import type { PathParamsOf, SuccessOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ApiResult } from '../result-meta';

/** The operations that queue a Shield bundle named by a code in the path. */
type ApplyOperation = 'applyShieldPreset' | 'applyShieldProfile';

// A preset and a profile are both "queue the bundle named `code` on this service (202)";
// the call lives here once, and each subclass only names its operation and path parameter.
/** Base of `shield(ref).presets` and `shield(ref).profiles`: applies a bundle by its code. */
export abstract class ShieldBundleResource<K extends ApplyOperation, Code extends string> {
  protected readonly core: Core;
  protected readonly serviceRef: string;
  protected abstract readonly operationId: K;

  constructor(core: Core, serviceRef: string) {
    this.core = core;
    this.serviceRef = serviceRef;
  }

  /** Queues the preset rule or profile bundle named `code` (202). */
  apply(code: Code, options?: RequestOptions): ApiPromise<ApiResult<SuccessOf<K>>> {
    return this.core.call(this.operationId, { path: this.pathFor(code), options });
  }

  /** The path parameters of `operationId` for `code`. */
  protected abstract pathFor(code: Code): PathParamsOf<K>;
}
