import type { Plan } from '@refapi/schema';
import { envelopePage } from '../internal/envelope-page';
import type { QueryOf } from '../internal/operation-types';
import type { RequestOptions } from '../options';
import type { ListOptions, PagePromise } from '../pagination/page-promise';
import { APIResource } from './resource';

/** The plan catalog: `client.plans`. */
export class PlansResource extends APIResource {
  /** Lists saleable plans, optionally of one `type` and with a `display_currency` (GET /plans). */
  list(
    query: QueryOf<'listPlans'> = {},
    options: RequestOptions & ListOptions = {},
  ): PagePromise<Plan> {
    return this.core.list(
      'listPlans',
      { query, options, maxItems: options?.maxItems },
      envelopePage('listPlans'),
    );
  }

  /**
   * Finds the plan `code` of service `type` that is for sale (server-side prices in the
   * account currency), paging through the catalog; undefined when none is. What an order of
   * `{type, plan_code}` would buy, so callers can quote it before buying.
   * @example const plan = await client.plans.find('kvm', 'kvm-s');
   */
  async find(
    type: NonNullable<QueryOf<'listPlans'>['type']>,
    code: string,
    options: RequestOptions = {},
  ): Promise<Plan | undefined> {
    for await (const plan of this.list({ type, limit: 100 }, options)) {
      if (plan.code === code) return plan;
    }
    return undefined;
  }
}
