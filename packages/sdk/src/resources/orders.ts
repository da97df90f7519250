import type { CreateOrderResponse, Order } from '@refapi/schema';
import { ApiPromise } from '../api-promise';
import { ConfigurationError } from '../errors/client-errors';
import { withMeta } from '../internal/core';
import { envelopePage } from '../internal/envelope-page';
import type { BodyOf, QueryOf } from '../internal/operation-types';
import { kindOf } from '../internal/option-checks';
import type { RequestOptions } from '../options';
import type { ListOptions, PagePromise } from '../pagination/page-promise';
import { makePlan } from '../plans/make-plan';
import type { PlanOf, PlanOptions } from '../plans/plan-request';
import type { ApiResult, OrderMeta } from '../result-meta';
import { APIResource } from './resource';

/**
 * Result of `orders.create()`: the contract's response, whose `idempotent_replayed` says
 * whether the server returned the stored result of an earlier call with the same key (not
 * of this call's own attempt whose answer was lost, which a retry of it gets: this call
 * bought then, and the flag is false).
 */
export type CreateOrderResult = ApiResult<CreateOrderResponse> & OrderMeta;

/** Orders of the account: `client.orders`. */
export class OrdersResource extends APIResource {
  /** Lists orders, newest reference first (GET /orders). */
  list(
    query: QueryOf<'listOrders'> = {},
    options: RequestOptions & ListOptions = {},
  ): PagePromise<Order> {
    return this.core.list(
      'listOrders',
      { query, options, maxItems: options?.maxItems },
      envelopePage('listOrders'),
    );
  }

  /**
   * The order that bought `serviceRef`, among the `scan` newest orders (GET /orders), or
   * undefined: what an order actually charged is its `amount`.
   * @example const order = await client.orders.findForService(result.service_ref)
   */
  async findForService(
    serviceRef: string,
    options: RequestOptions & { readonly scan?: number } = {},
  ): Promise<Order | undefined> {
    // Compared with each order's service_ref: no string, or an empty one, would find nothing.
    if (typeof serviceRef !== 'string' || serviceRef === '') {
      const got = serviceRef === '' ? '""' : kindOf(serviceRef);
      throw new ConfigurationError(`serviceRef must be a non-empty string, got ${got}.`);
    }
    const { scan = 20, ...request } = options ?? {};
    if (!(Number.isSafeInteger(scan) && scan >= 1)) {
      throw new ConfigurationError(`scan must be a whole number from 1, got ${String(scan)}.`);
    }
    // Past 100 (one page), the walk goes on to the next pages, and stops at `scan` orders.
    for await (const order of this.list(
      { limit: Math.min(scan, 100) },
      { ...request, maxItems: scan },
    )) {
      if (order.service_ref === serviceRef) return order;
    }
    return undefined;
  }

  /**
   * Plans an order without buying: the request with its idempotency key, the quote priced
   * from the catalog by the server's rule, the catalog facts, the key's account, the base
   * URL, an expiry (1 h) and a digest. `client.apply(plan)` buys exactly that, once.
   * @example const plan = await client.orders.plan({ type: 'kvm', plan_code: 'kvm-s' })
   */
  plan(body: BodyOf<'createOrder'>, options?: PlanOptions): Promise<PlanOf<'createOrder'>> {
    return makePlan(this.core, { operation: 'createOrder', pathParams: {}, body }, options);
  }

  /**
   * Buys one service from the balance, atomically (POST /orders). A UUID Idempotency-Key
   * is generated per call unless `idempotencyKey` is given, and reused on every retry.
   * @example await client.orders.create({ type: 'kvm', plan_code: 'kvm-s' }, { idempotencyKey: 'buy-vm-1' })
   */
  create(body: BodyOf<'createOrder'>, options?: RequestOptions): ApiPromise<CreateOrderResult> {
    const result = this.core
      .call('createOrder', { body, options })
      .withResponse()
      .then((r) => {
        // One flag, in the body: also set when only the header says so, cleared for a
        // retry answered with this call's own lost attempt.
        const { replayed } = r;
        r.data.idempotent_replayed = replayed;
        return {
          ...r,
          data: withMeta(r.data, { idempotentReplayed: replayed }) as CreateOrderResult,
        };
      });
    return new ApiPromise(result);
  }
}
