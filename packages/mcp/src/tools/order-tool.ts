import type { CreateOrderRequest, Plan } from '@refapi/schema';
import { ConnectionError, isRefApiError, type RefClient } from '@refapi/sdk';
import type { SpendBudget } from '../budget';
import type { SessionKeys } from '../idempotency-key';
import { formatCents, fromCents, toCents } from '../money';
import type { OrderToolResult } from './order-schema';
import { ToolRefusal } from './tool-refusal';

/** What the order tool shares across the servers of one process. */
export interface OrderContext {
  readonly client: RefClient;
  /** The `--max-spend` budget, when one was set. */
  readonly budget: SpendBudget | undefined;
  /** Idempotency keys whose order was (or may have been) charged to the budget already. */
  readonly chargedKeys: Set<string>;
}

/** Arguments of `orders_create` after validation. */
export interface OrderArgs {
  readonly body: CreateOrderRequest;
  readonly dryRun: boolean;
  readonly idempotencyKey: string | undefined;
}

const money = (cents: number, currency: string) => ({
  amount: fromCents(cents),
  currency: currency as 'EUR',
});

// The plan the order would buy, as `refctl orders create` finds it to quote before asking
// (server-side prices, in the account currency).
async function findPlan(client: RefClient, body: CreateOrderRequest): Promise<Plan> {
  const plan = await client.plans.find(body.type, body.plan_code);
  if (plan) return plan;
  throw new ToolRefusal(
    'plan_not_found',
    `Plan "${body.plan_code}" is not for sale as ${body.type}.`,
    `Call plans_list with type ${body.type} and use one of its codes.`,
  );
}

async function quote(client: RefClient, body: CreateOrderRequest) {
  try {
    const [plan, balance] = await Promise.all([findPlan(client, body), client.balance.get()]);
    return { plan, balance };
  } catch (error) {
    // The quote reads the catalog and the balance: name those scopes, not orders:write.
    if (isRefApiError(error) && error.code === 'insufficient_scope') {
      throw new ToolRefusal(
        'insufficient_scope',
        'The API key cannot read the plan catalog or the balance, which the quote needs.',
        'Ask the user for a key with the scopes catalog:read and balance:read (and orders:write to buy).',
        { missing_scope: 'catalog:read, balance:read', status: 403 },
      );
    }
    throw error;
  }
}

/**
 * `orders_create`: quotes from the catalog; a dry run stops there. A purchase is checked
 * against the budget (a reservation, so parallel calls cannot pass it together), sent
 * with an Idempotency-Key derived from the arguments unless one is given, and charged to
 * the budget once per key: a replay spends nothing.
 */
export async function runOrder(
  ctx: OrderContext,
  keys: SessionKeys,
  args: OrderArgs,
): Promise<OrderToolResult> {
  const { client, budget } = ctx;
  const { plan, balance } = await quote(client, args.body);
  const currency = balance.account_currency;
  const priceCents = toCents(plan.account_price.final);
  const balanceCents = toCents(balance.amount);
  const exact = !args.body.addons?.length && args.body.period_ref === undefined;
  const idempotencyKey = args.idempotencyKey ?? keys.derive('orders_create', args.body);
  const budgetState = () =>
    budget && {
      currency,
      limit: fromCents(budget.limitCents),
      spent: fromCents(budget.spentCents),
      remaining: fromCents(budget.remainingCents),
    };
  const result: OrderToolResult = {
    dry_run: args.dryRun,
    quote: {
      plan_ref: plan.plan_ref,
      plan_code: plan.code,
      plan_name: plan.name,
      type: plan.service_type,
      price: money(priceCents, plan.account_price.currency),
      ...(plan.account_price.period_prices
        ? { period_prices: plan.account_price.period_prices }
        : {}),
      exact,
    },
    order_request: { ...args.body },
    balance: money(balanceCents, currency),
    idempotency_key: idempotencyKey,
  };
  if (args.dryRun) {
    const state = budgetState();
    return {
      ...result,
      ...(exact ? { balance_after: money(balanceCents - priceCents, currency) } : {}),
      ...(state ? { budget: state } : {}),
    };
  }

  const alreadyCharged = ctx.chargedKeys.has(idempotencyKey);
  let reservation: { release: () => void; commit: (cents: number) => void } | undefined;
  if (budget && !alreadyCharged) {
    if (!exact) {
      throw new ToolRefusal(
        'order_not_priceable',
        'With a spending budget, only orders the catalog prices exactly can be bought (no addons, no period_ref).',
        'Order without addons and period_ref, or ask the user to buy this one.',
        { remaining_budget: money(budget.remainingCents, currency) },
      );
    }
    const decision = budget.reserve(priceCents);
    if (!decision.allowed) {
      throw new ToolRefusal(
        'budget_exceeded',
        `This order costs ${formatCents(priceCents)} ${currency}; the --max-spend budget has ${formatCents(decision.remainingCents)} ${currency} left.`,
        'Do not buy it; tell the user the budget is used up.',
        {
          price: money(priceCents, currency),
          remaining_budget: money(decision.remainingCents, currency),
        },
      );
    }
    reservation = decision;
  }

  try {
    const order = await client.orders.create(args.body, { idempotencyKey });
    const replayed = order.idempotentReplayed;
    // What the balance lost is what was charged (the quote when it cannot be measured).
    const lost = balanceCents - toCents(order.balance.amount);
    if (replayed || alreadyCharged) reservation?.release();
    else reservation?.commit(order.balance.currency === currency && lost > 0 ? lost : priceCents);
    ctx.chargedKeys.add(idempotencyKey);
    const state = budgetState();
    return {
      ...result,
      balance_after: order.balance,
      order: { ...order },
      idempotent_replayed: replayed,
      ...(state ? { budget: state } : {}),
    };
  } catch (error) {
    // No answer: the order may have gone through. Count it; a retry with the same key
    // replays it and is not counted twice.
    if (error instanceof ConnectionError) {
      reservation?.commit(priceCents);
      ctx.chargedKeys.add(idempotencyKey);
    } else reservation?.release();
    throw error;
  }
}
