import type { ApiPromise } from '../api-promise';
import { envelopePage } from '../internal/envelope-page';
import type { BodyOf, ItemOf, QueryOf, SuccessOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ListOptions, PagePromise } from '../pagination/page-promise';
import { makePlan } from '../plans/make-plan';
import type { PlanOf, PlanOptions } from '../plans/plan-request';
import type { ApiResult } from '../result-meta';
import { APIResource } from './resource';

/** A KVM power action: start, stop or reboot. */
export type PowerActionName = BodyOf<'powerService'>['action'];

/** Services of the account: `client.services`. */
export class ServicesResource extends APIResource {
  /** Lists primary services, newest first, optionally filtered by `type` and `status`. */
  list(
    query: QueryOf<'listServices'> = {},
    options: RequestOptions & ListOptions = {},
  ): PagePromise<ItemOf<'listServices'>> {
    return this.core.list(
      'listServices',
      { query, options, maxItems: options.maxItems },
      envelopePage('listServices'),
    );
  }

  /** Counts primary services by type and status (GET /services/stats). */
  stats(options?: RequestOptions): ApiPromise<ApiResult<SuccessOf<'getServiceStats'>>> {
    return this.core.call('getServiceStats', { options });
  }

  /** Reads one owned service (GET /services/{service_ref}); 404 when not owned. */
  get(
    serviceRef: string,
    options?: RequestOptions,
  ): ApiPromise<ApiResult<SuccessOf<'getService'>>> {
    return this.core.call('getService', { path: { service_ref: serviceRef }, options });
  }

  /** Sets the desired automatic renewal; `changed` is false when it already held. Safe to retry. */
  setAutoRenew(
    serviceRef: string,
    enabled: boolean,
    options?: RequestOptions,
  ): ApiPromise<ApiResult<SuccessOf<'setServiceAutoRenew'>>> {
    return this.core.call('setServiceAutoRenew', {
      path: { service_ref: serviceRef },
      body: { enabled },
      options,
    });
  }

  /** Plans `setAutoRenew` without sending it; `client.apply(plan)` sends it. */
  planAutoRenew(
    serviceRef: string,
    enabled: boolean,
    options?: PlanOptions,
  ): Promise<PlanOf<'setServiceAutoRenew'>> {
    return makePlan(
      this.core,
      {
        operation: 'setServiceAutoRenew',
        pathParams: { service_ref: serviceRef },
        body: { enabled },
      },
      options,
    );
  }

  /** Plans a power action without sending it; `client.apply(plan)` sends it, with the planned key. */
  planPower(
    serviceRef: string,
    action: PowerActionName,
    options?: PlanOptions,
  ): Promise<PlanOf<'powerService'>> {
    return makePlan(
      this.core,
      { operation: 'powerService', pathParams: { service_ref: serviceRef }, body: { action } },
      options,
    );
  }

  /**
   * Starts, stops or reboots a KVM service, with an Idempotency-Key per call.
   * A 502 (the provider refused) is thrown as ProviderError and never retried.
   */
  power(
    serviceRef: string,
    action: PowerActionName,
    options?: RequestOptions,
  ): ApiPromise<ApiResult<SuccessOf<'powerService'>>> {
    return this.core.call('powerService', {
      path: { service_ref: serviceRef },
      body: { action },
      options,
    });
  }
}
