import {
  type CreateOrderRequest,
  type OrderPrice,
  type Plan,
  priceOrder,
  unofferedChoice,
} from '@refapi/schema';
import { isRefApiError, type RefClient } from '@refapi/sdk';
import type { SpendBudget } from '../budget';
import type { SessionKeys } from '../idempotency-key';
import { money, toCents } from '../money';
import type { PlanStore } from '../plans/plan-store';
import { budgetState } from './order-budget';
import type { OrderToolResult } from './order-schema';
import { ToolRefusal } from './tool-refusal';

/** What the order tool shares across the servers of one process. */
export interface OrderContext {
  readonly client: RefClient;
  /** The `--max-spend` budget, when one was set; it remembers the orders it counted. */
  readonly budget: SpendBudget | undefined;
  /** Where a dry run holds the plan of its order, for a purchase to name by `plan_id`. */
  readonly plans?: PlanStore | undefined;
}

/** Arguments of `orders_create` after validation. */
export interface OrderArgs {
  readonly body: CreateOrderRequest;
  readonly idempotencyKey: string | undefined;
}

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
 * The order's price by the server's own rule (`priceOrder`) from the catalog; a period,
 * addon, OS image or region the plan does not offer is refused here, before anything is
 * bought. A catalog without prices (another server) leaves only the monthly price: not exact.
 */
function priceFromCatalog(plan: Plan, body: CreateOrderRequest): OrderPrice | undefined {
  const unoffered = unofferedChoice(plan, body);
  if (unoffered !== undefined) {
    const list = unoffered.error === 'region_not_offered' ? 'regions' : 'OS images';
    throw new ToolRefusal(
      unoffered.error,
      `Plan ${plan.code} offers no ${unoffered.what}.`,
      `Call plans_list with type ${plan.service_type} and use one of the plan's ${list}.`,
    );
  }
  const result = priceOrder(plan, body);
  // A total past exact integer cents (huge addon units) is one the API refuses (422
  // price_not_supported): refuse it here too, rather than quote a rounded price and hold a
  // plan that neither the SDK nor the budget can take.
  if (result.ok && !Number.isSafeInteger(result.price.total_cents)) {
    throw new ToolRefusal(
      'price_not_supported',
      `This order's price is too large to be charged (${plan.code} with these addon units).`,
      'Order fewer addon units (plans_list shows what each costs), then make a new dry run.',
    );
  }
  if (result.ok) return result.price;
  if (result.error === 'catalog_without_prices') return undefined;
  const what = result.error === 'period_not_offered' ? 'period' : 'addon';
  throw new ToolRefusal(
    result.error,
    `Plan ${plan.code} offers no such ${what}.`,
    `Call plans_list with type ${plan.service_type} and use one of the plan's ${what}s.`,
  );
}

function quoteOf(plan: Plan, price: OrderPrice | undefined) {
  const currency = plan.account_price.currency;
  const head = {
    plan_ref: plan.plan_ref,
    plan_code: plan.code,
    plan_name: plan.name,
    type: plan.service_type,
  };
  if (price === undefined) {
    return { ...head, price: money(toCents(plan.account_price.final), currency), exact: false };
  }
  return {
    ...head,
    period: { name: price.period.name, months: price.period.months },
    lines: price.lines.map((line) => ({
      label: line.label,
      net: money(line.net_cents, currency),
    })),
    net: money(price.net_cents, currency),
    vat: money(price.vat_cents, currency),
    price: money(price.total_cents, currency),
    exact: true,
  };
}

/**
 * The plan of a dry run's order (`client.orders.plan`: the same quote, bound to the
 * account, the base URL and the idempotency key), held for a purchase to name, with the
 * catalog name of its plan (`planName`) that the purchase's quote shows again. A plan that
 * cannot be made (a key without account:read, say) leaves the quote standing, and says why.
 */
async function holdPlan(
  client: RefClient,
  plans: PlanStore,
  body: CreateOrderRequest,
  idempotencyKey: string,
  planName: string,
  shown: { readonly cents: number; readonly currency: string },
): Promise<Pick<OrderToolResult, 'plan_id' | 'expires_at' | 'plan_unavailable'>> {
  try {
    const plan = await client.orders.plan(body, { idempotencyKey });
    // The plan reads the catalog again after the quote did: when the price changed in
    // between, its plan_id would buy at a price this dry run does not show. Hold none.
    if (plan.quote.total_cents !== shown.cents || plan.quote.currency !== shown.currency) {
      return {
        plan_unavailable:
          'The price changed while this dry run was made: its quote is not what the plan would charge, so nothing can be bought with it; make a new dry run.',
      };
    }
    return { plan_id: plans.hold(plan, planName), expires_at: plan.expires_at };
  } catch (error) {
    if (isRefApiError(error) && error.code === 'insufficient_scope') {
      return {
        plan_unavailable:
          "A plan is bound to the key's account, and this API key cannot read it (scope account:read): nothing can be bought with it here; ask the user for a key with account:read.",
      };
    }
    return { plan_unavailable: error instanceof Error ? error.message : String(error) };
  }
}

// A purchase buys a plan, and a plan carries the exact price: without one, nothing to buy.
const NOT_PRICEABLE =
  "This server's catalog carries no prices for this order, so it cannot be planned or bought here; ask the user to buy it.";

/**
 * `orders_create` with `dry_run` true (the default): the quote from the catalog and, when it
 * is exact, the plan a purchase names by `plan_id` (`planned-order.ts` buys it).
 */
export async function quoteOrder(
  ctx: OrderContext,
  keys: SessionKeys,
  args: OrderArgs,
): Promise<OrderToolResult> {
  const { client, budget } = ctx;
  const { plan, balance } = await quote(client, args.body);
  const currency = balance.account_currency;
  const price = priceFromCatalog(plan, args.body);
  const priceCents = price?.total_cents ?? toCents(plan.account_price.final);
  const balanceCents = toCents(balance.amount);
  const exact = price !== undefined;
  const idempotencyKey = args.idempotencyKey ?? keys.derive('orders_create', args.body);
  return {
    dry_run: true,
    quote: quoteOf(plan, price),
    order_request: { ...args.body },
    balance: money(balanceCents, currency),
    idempotency_key: idempotencyKey,
    ...(!exact
      ? { plan_unavailable: NOT_PRICEABLE }
      : ctx.plans
        ? await holdPlan(client, ctx.plans, args.body, idempotencyKey, plan.name, {
            cents: priceCents,
            currency: plan.account_price.currency,
          })
        : {}),
    ...(exact ? { balance_after: money(balanceCents - priceCents, currency) } : {}),
    ...(budget ? { budget: budgetState(budget, currency) } : {}),
  };
}
