import type { RequestPlan } from '@refapi/schema';
import { formatCents } from '@refapi/schema/plans';
import { isOrderPlan } from '@refapi/schema/request-plan';

/**
 * A plan in one line for people, e.g. `buy kvm-s (yearly) for 88.06 EUR` or
 * `POST /services/REF-SVC-101/power {"action":"reboot"}`: what the plan's notes and the
 * confirmation of `refctl apply` say.
 */
export function describePlan(plan: RequestPlan): string {
  if (isOrderPlan(plan)) {
    const { quote } = plan;
    return `buy ${plan.body.plan_code} (${quote.period.name}) for ${formatCents(quote.total_cents, quote.currency)}`;
  }
  const body = plan.body === null ? '' : ` ${JSON.stringify(plan.body)}`;
  return `${plan.method} ${plan.path}${body}`;
}
