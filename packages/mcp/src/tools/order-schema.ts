import type { CreateOrderResponse, Money } from '@refapi/schema';
import type { Currency } from '../money';

/** The quote of an order, from the plan catalog (GET /plans), in the account currency. */
interface OrderQuote {
  readonly plan_ref: string;
  readonly plan_code: string;
  readonly plan_name: string;
  readonly type: string;
  /** The period priced (`monthly` by default). */
  readonly period?: { readonly name: string; readonly months: number };
  /** Each line (the plan for the period, each addon × units × months), net. */
  readonly lines?: readonly { readonly label: string; readonly net: Money }[];
  readonly net?: Money;
  readonly vat?: Money;
  /** What the order costs with VAT: `priceOrder` of `@refapi/schema`, the server's own rule. */
  readonly price: Money;
  /** false only when the catalog carries no prices to apply that rule (another server). */
  readonly exact: boolean;
}

/** The `--max-spend` budget of this server process. */
interface BudgetState {
  readonly currency: Currency;
  readonly limit: number;
  /** Orders counted, and orders whose answer was lost. */
  readonly spent: number;
  /** Held by orders in flight until they are answered. */
  readonly reserved: number;
  readonly remaining: number;
}

/** The structured result of `orders_create`, dry run or not. */
export interface OrderToolResult {
  readonly dry_run: boolean;
  readonly quote: OrderQuote;
  /** The body sent, or that would be. */
  readonly order_request: Readonly<Record<string, unknown>>;
  /** The balance before the order. */
  readonly balance: Money;
  /** Dry run: the balance after buying (exact quotes only). Otherwise: the remaining balance. */
  readonly balance_after?: Money;
  readonly idempotency_key: string;
  /** Dry run: the plan of this order, held for an hour; buy it by naming it. Purchase: the plan bought. */
  readonly plan_id?: string;
  /** Dry run: when the plan expires. */
  readonly expires_at?: string;
  /** Dry run: why no plan could be made (the quote stands; buying needs a plan_id then). */
  readonly plan_unavailable?: string;
  /** The API response, once bought. */
  readonly order?: CreateOrderResponse;
  /** Once bought: what the order actually charged (its record's `amount`), when readable. */
  readonly charged?: Money;
  /** Once bought: true when `charged` is not the quoted `price` (say so to the user). */
  readonly charge_differs_from_quote?: boolean;
  readonly idempotent_replayed?: boolean;
  readonly budget?: BudgetState;
}
