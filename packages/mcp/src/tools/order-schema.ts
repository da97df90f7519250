import { CreateOrderResponse, Currency, Money, PlanRef } from '@refapi/schema';
import { z } from 'zod';

/** The quote of an order, from the plan catalog (GET /plans), in the account currency. */
const OrderQuote = z.strictObject({
  plan_ref: PlanRef,
  plan_code: z.string(),
  plan_name: z.string(),
  type: z.string(),
  price: Money.describe('Price with VAT for the default (monthly) period.'),
  period_prices: z.record(z.string(), z.number()).optional(),
  exact: z
    .boolean()
    .describe('false when addons or a period_ref are ordered: the server prices those itself.'),
});

/** The `--max-spend` budget of this server process. */
const BudgetState = z.strictObject({
  currency: Currency,
  limit: z.number(),
  spent: z.number().describe('Orders counted, and orders whose answer was lost.'),
  reserved: z.number().describe('Held by orders in flight until they are answered.'),
  remaining: z.number(),
});

/** The structured result of `orders_create`, dry run or not. */
export const OrderToolResult = z.strictObject({
  dry_run: z.boolean(),
  quote: OrderQuote,
  order_request: z.record(z.string(), z.unknown()).describe('The body sent, or that would be.'),
  balance: Money.describe('The balance before the order.'),
  balance_after: Money.optional().describe(
    'Dry run: the balance after buying (exact quotes only). Otherwise: the remaining balance.',
  ),
  idempotency_key: z.string(),
  order: CreateOrderResponse.optional().describe('The API response, once bought.'),
  idempotent_replayed: z.boolean().optional(),
  budget: BudgetState.optional(),
});

/** What `orders_create` returns. */
export type OrderToolResult = z.infer<typeof OrderToolResult>;
