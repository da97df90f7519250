import type { PlanPage } from '@refapi/schema';
import { catalogPlan, isSaleable } from '../domain/catalog';
import { pageDescending } from '../domain/pagination';
import { isoTime } from '../internal/iso-time';
import type { OperationImpls } from './types';

/** GET /plans: saleable plans (see `isSaleable`), priced in the account currency. */
export const planOperations = {
  listPlans({ account, query, now }, ctx) {
    const { plans, rates } = ctx.store;
    const type = query.type;
    const page = pageDescending(plans.refs, (ref) => plans.get(ref), {
      limit: query.limit,
      cursor: query.cursor,
      filter: (plan) =>
        isSaleable(plan, account.country_code) &&
        (type === undefined || plan.service_type === type),
    });
    const display = query.display_currency;
    const body: PlanPage = {
      plans: page.items.map((plan) => catalogPlan(plan, account, rates, display)),
      pagination: page.pagination,
      server_time: isoTime(now.getTime()),
    };
    return { status: 200, body };
  },
} satisfies Partial<OperationImpls>;
