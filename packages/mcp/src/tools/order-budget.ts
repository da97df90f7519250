import type { Reservation, SpendBudget } from '../budget';
import { type Currency, formatCents, fromCents, money } from '../money';
import { ToolRefusal } from './tool-refusal';

/** The budget as `orders_create` reports it, in the account currency. */
export const budgetState = (budget: SpendBudget, currency: Currency) => ({
  currency,
  limit: fromCents(budget.limitCents),
  spent: fromCents(budget.spentCents),
  reserved: fromCents(budget.reservedCents),
  remaining: fromCents(budget.remainingCents),
});

// What the budget needs to know of an order before it is sent.
interface PricedOrder {
  readonly priceCents: number;
  readonly idempotencyKey: string;
  readonly currency: Currency;
}

/** Reserves the order's price, or refuses it with the figures the model needs to explain. */
export function reserve(budget: SpendBudget, order: PricedOrder): Reservation {
  const { priceCents, currency } = order;
  const amount = (cents: number) => `${formatCents(cents)} ${currency}`;
  const left = (cents: number) => (cents > 0 ? `only ${amount(cents)}` : 'nothing');
  const decision = budget.reserve(priceCents, order.idempotencyKey);
  if (decision.allowed) return decision;
  const spent = budget.spentCents ? ` ${amount(budget.spentCents)} is spent.` : '';
  const inFlight = budget.reservedCents
    ? ` Orders in flight hold ${amount(budget.reservedCents)} until they are answered.`
    : '';
  throw new ToolRefusal(
    'budget_exceeded',
    `This order costs ${amount(priceCents)} but ${left(decision.remainingCents)} of the ${amount(budget.limitCents)} budget (--max-spend) remains.${spent}${inFlight}`,
    'Do not buy it; tell the user its price and what is left of the budget. To learn the result of an order sent before, call orders_list: it may be bought already.',
    {
      price: money(priceCents, currency),
      remaining_budget: money(decision.remainingCents, currency),
      budget: budgetState(budget, currency),
    },
  );
}
