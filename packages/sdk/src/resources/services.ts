import type {
  AutoRenewResponse,
  PowerResponse,
  Service,
  ServiceEnvelope,
  ServiceStats,
  ServiceType,
} from '@refapi/schema';
import type { SERVICE_STATUSES } from '@refapi/schema/values';
import type { ApiPromise } from '../api-promise';
import { envelopePage } from '../internal/envelope-page';
import type { BodyOf, QueryOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ListOptions, PagePromise } from '../pagination/page-promise';
import { makePlan } from '../plans/make-plan';
import type { PlanOf, PlanOptions } from '../plans/plan-request';
import type { ApiResult } from '../result-meta';
import { APIResource } from './resource';

/** A KVM power action: start, stop or reboot. */
export type PowerActionName = BodyOf<'powerService'>['action'];

/**
 * Query of `services.list()`: the contract's, with `type` and `status` narrowed to the values
 * this SDK knows (a status of a newer server: cast a `string` to {@link ServiceStatusFilter}).
 */
export type ServiceListQuery = Omit<QueryOf<'listServices'>, 'type' | 'status'> & {
  /** Only services of this type. */
  type?: ServiceType | undefined;
  /** Only services in this status. */
  status?: ServiceStatusFilter | undefined;
};

/** A service status `services.list()` filters on: one the reference server uses. */
export type ServiceStatusFilter = (typeof SERVICE_STATUSES)[number];

/** Services of the account: `client.services`. */
export class ServicesResource extends APIResource {
  /**
   * Lists primary services, newest first, optionally filtered by `type` and `status`: values
   * this SDK knows, so a misspelled filter does not compile.
   * @example for await (const s of client.services.list({ status: 'suspended' })) console.log(s.name)
   */
  list(
    query: ServiceListQuery = {},
    options: RequestOptions & ListOptions = {},
  ): PagePromise<Service> {
    return this.core.list(
      'listServices',
      { query, options, maxItems: options?.maxItems },
      envelopePage('listServices'),
    );
  }

  /** Counts primary services by type and status (GET /services/stats). */
  stats(options?: RequestOptions): ApiPromise<ApiResult<ServiceStats>> {
    return this.core.call('getServiceStats', { options });
  }

  /**
   * Reads one owned service (GET /services/{service_ref}); 404 when not owned. The answer is
   * the envelope `{ service, server_time }`: the service is its `service`.
   * @example const { service } = await client.services.get('REF-SVC-101');
   */
  get(serviceRef: string, options?: RequestOptions): ApiPromise<ApiResult<ServiceEnvelope>> {
    return this.core.call('getService', { path: { service_ref: serviceRef }, options });
  }

  /** Sets the desired automatic renewal; `changed` is false when it already held. Safe to retry. */
  setAutoRenew(
    serviceRef: string,
    enabled: boolean,
    options?: RequestOptions,
  ): ApiPromise<ApiResult<AutoRenewResponse>> {
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
  ): ApiPromise<ApiResult<PowerResponse>> {
    return this.core.call('powerService', {
      path: { service_ref: serviceRef },
      body: { action },
      options,
    });
  }
}
