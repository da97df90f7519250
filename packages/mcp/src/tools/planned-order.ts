import { canonicalJson, isOrderPlan, type ORDER_OPERATION, type OrderPlan } from '@refapi/schema';
import {
  type AppliedPlan,
  ConnectionError,
  PlanChargeMismatchError,
  PlanPriceChangedError,
  PlanRefusedError,
  type RefClient,
  ResponseDecodeError,
  ResponseValidationError,
} from '@refapi/sdk';
import type { SpendBudget } from '../budget';
import { type Currency, formatCents, money, toCents } from '../money';
import type { PlanStore } from '../plans/plan-store';
import { budgetState, reserve } from './order-budget';
import type { OrderToolResult } from './order-schema';
import { ToolRefusal } from './tool-refusal';

/** What the person said about a plan, through the protocol's input-required round trip. */
export type PlanConfirmation =
  /** The client cannot ask (no elicitation on a 2026-07-28 request): the plan applies as it is. */
  | 'not_asked'
  /** Not asked yet: the call must first return the question. */
  | 'ask'
  | 'confirmed'
  | 'declined';

/** What a purchase of a held plan needs. */
export interface PlannedOrderContext {
  readonly client: RefClient;
  readonly budget: SpendBudget | undefined;
  readonly plans: PlanStore;
}

/** A purchase that waits for the person: the question to ask them. */
export interface ConfirmationNeeded {
  readonly confirm: string;
}

/**
 * The refusal of a purchase without a `plan_id`: an order buys only what a dry run showed
 * (its plan), never arguments retyped after it.
 */
export const planRequired = (): ToolRefusal =>
  new ToolRefusal(
    'plan_required',
    'A purchase names the plan_id of the dry run the user saw: nothing was bought.',
    'Call orders_create with dry_run true and the same arguments, show the user the quote, then call it with dry_run false and the plan_id it returned.',
  );

/** The order plan held under `planId`, or a refusal telling the model to plan again. */
function heldOrderPlan(plans: PlanStore, planId: string): OrderPlan {
  const plan = plans.get(planId);
  if (plan !== undefined && isOrderPlan(plan)) return plan;
  throw new ToolRefusal(
    'plan_not_found',
    `No plan ${planId} is held: it expired (plans last one hour), was dropped (at most 100 are held), or never was.`,
    'Call orders_create with dry_run true again, show the user the new quote, then buy with its plan_id.',
  );
}

/** What a plan buys, for the question and the summary: `kvm-s (yearly) for 59.50 EUR`. */
const planLine = (plan: OrderPlan) =>
  `${plan.body.plan_code} (${plan.quote.period.name}) for ${formatCents(plan.quote.total_cents)} ${plan.quote.currency}`;

/**
 * `orders_create` with `dry_run: false` and a `plan_id`: buys exactly the held plan. The
 * body given must be the planned one; the spend budget is checked against the plan's
 * total; a person asked through the input-required round trip must confirm that total
 * first; `client.apply` then refuses a plan whose price changed, and sends the planned
 * request with its idempotency key.
 */
export async function runPlannedOrder(
  ctx: PlannedOrderContext,
  args: {
    readonly planId: string;
    readonly body: unknown;
    readonly idempotencyKey: string | undefined;
  },
  confirmation: PlanConfirmation,
): Promise<OrderToolResult | ConfirmationNeeded> {
  const plan = heldOrderPlan(ctx.plans, args.planId);
  if (canonicalJson(args.body) !== canonicalJson(plan.body)) {
    throw new ToolRefusal(
      'plan_body_mismatch',
      `The order arguments are not the ones plan ${args.planId} was made for: nothing was bought.`,
      'Buy with exactly the arguments of the dry run that returned this plan_id (its order_request), or make a new dry run for the new arguments.',
      { order_request: plan.body },
    );
  }
  if (args.idempotencyKey !== undefined && args.idempotencyKey !== plan.idempotency_key) {
    throw new ToolRefusal(
      'plan_key_mismatch',
      `Plan ${args.planId} sends the idempotency key ${plan.idempotency_key}, not ${args.idempotencyKey}.`,
      'Leave idempotency_key out when buying a plan: the plan carries its own.',
    );
  }
  const currency = plan.quote.currency as Currency;
  const total = plan.quote.total_cents;
  const held = () =>
    ctx.budget &&
    reserve(ctx.budget, {
      priceCents: total,
      idempotencyKey: plan.idempotency_key,
      currency,
    });
  if (confirmation === 'ask') {
    // Ask only about a purchase the budget would allow; the reservation is taken again on
    // the confirmed call, so an unanswered question holds nothing.
    held()?.release();
    return { confirm: `Buy ${planLine(plan)} from the account balance? (plan ${args.planId})` };
  }
  if (confirmation === 'declined') {
    throw new ToolRefusal(
      'plan_declined',
      `The user declined to buy ${planLine(plan)}: nothing was bought.`,
      'Do not buy it; ask the user what they want instead.',
    );
  }
  const balance = await ctx.client.balance.get();
  const reservation = held();
  let applied: AppliedPlan<typeof ORDER_OPERATION>;
  try {
    applied = await ctx.client.apply(plan);
  } catch (error) {
    // A refusal sent nothing; an answered error bought nothing (a charge that differs
    // from the plan is the exception: it bought, and settles below).
    if (error instanceof PlanChargeMismatchError) {
      // A replay of an order the key bought before (another plan of the same arguments)
      // charged nothing now.
      reservation?.settle({
        ref: error.orderRef,
        cents: error.charged.cents,
        replayed: error.replayed,
      });
    } else if (mayHaveBought(error)) {
      // The API took the order but its answer never arrived or could not be read: it may
      // be bought, so it stays counted until applying the plan again shows what it did.
      reservation?.doubt();
    } else reservation?.release();
    throw refusalOf(error);
  }
  const order = applied.data;
  const charged = applied.charged?.cents ?? total;
  reservation?.settle({ ref: order.service_ref, cents: charged, replayed: applied.replayed });
  return {
    dry_run: false,
    plan_id: args.planId,
    quote: {
      plan_ref: plan.priced_from.plan_ref,
      plan_code: plan.priced_from.plan_code,
      // As the dry run named it; the plan itself knows only the code.
      plan_name: ctx.plans.nameOf(args.planId) ?? plan.priced_from.plan_code,
      type: plan.priced_from.service_type,
      period: { name: plan.quote.period.name, months: plan.quote.period.months },
      lines: plan.quote.lines.map((l) => ({ label: l.label, net: money(l.net_cents, currency) })),
      net: money(plan.quote.net_cents, currency),
      vat: money(plan.quote.vat_cents, currency),
      price: money(total, currency),
      exact: true,
    },
    order_request: { ...plan.body },
    balance: money(toCents(balance.amount), currency),
    balance_after: order.balance,
    idempotency_key: plan.idempotency_key,
    order: { ...order },
    idempotent_replayed: applied.replayed,
    ...(applied.charged === undefined
      ? {}
      : { charged: money(applied.charged.cents, currency), charge_differs_from_quote: false }),
    ...(ctx.budget ? { budget: budgetState(ctx.budget, currency) } : {}),
  };
}

const mayHaveBought = (error: unknown) =>
  error instanceof ConnectionError ||
  error instanceof ResponseDecodeError ||
  error instanceof ResponseValidationError;

/** The SDK's plan refusals as tool refusals the model can act on; other errors as they are. */
function refusalOf(error: unknown): unknown {
  if (error instanceof PlanPriceChangedError) {
    return new ToolRefusal(
      'plan_price_changed',
      `${error.message}.`,
      'Do not buy at the old price: make a new dry run, show the user the new quote, and buy with the new plan_id if they agree.',
      {
        planned: money(error.planned.cents, error.planned.currency as Currency),
        current: money(error.current.cents, error.current.currency as Currency),
      },
    );
  }
  if (error instanceof PlanRefusedError) {
    return new ToolRefusal(
      `plan_${error.reason}`,
      `${error.message}.`,
      'Make a new dry run and buy with its plan_id.',
    );
  }
  return error;
}
