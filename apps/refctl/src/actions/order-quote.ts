import type { CreateOrderRequest, Plan, PlanPricing } from '@refapi/schema';
import type { RefClient } from '@refapi/sdk';
import { CliError } from '../errors/cli-error';
import { EXIT } from '../errors/exit-codes';
import { formatAmount } from '../output/money';

/** The catalog entry an order would buy, found through GET /plans (server-side prices). */
export async function findPlan(
  client: RefClient,
  body: CreateOrderRequest,
  signal: AbortSignal,
): Promise<Plan> {
  const plan = await client.plans.find(body.type, body.plan_code, { signal });
  if (plan) return plan;
  throw new CliError(
    `plan "${body.plan_code}" is not for sale as ${body.type}; see: refctl plans list --type ${body.type}`,
    EXIT.notFound,
    'plan_not_found',
  );
}

/**
 * Refuses, before anything is asked or bought, a plan the catalog says is sold out
 * (`in_stock: false`): the server would answer 422 out_of_stock.
 */
export function refuseOutOfStock(plan: Plan): void {
  if (plan.in_stock !== false) return;
  throw new CliError(
    `plan ${plan.code} "${plan.name}" is out of stock; see: refctl plans list --type ${plan.service_type}`,
    EXIT.error,
    'out_of_stock',
  );
}

/** The price of a plan in the account currency, e.g. `5.95 EUR`. */
export const planPrice = (plan: Plan) =>
  `${formatAmount(plan.account_price.final)} ${plan.account_price.currency}`;

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * The VAT rate the server applied to a price, in percent: the shortest rate (whole, then one
 * or two decimals) that turns `base` into `final` with cent rounding, as the server does
 * (19 for 5.00 → 5.95, and for 3.81 → 4.53, where the plain ratio reads 18.9).
 */
export function vatPercent(price: PlanPricing): number {
  const base = toCents(price.base);
  const vat = toCents(price.final) - base;
  const ratio = (vat / base) * 100;
  for (const scale of [1, 10, 100]) {
    const percent = Math.round(ratio * scale) / scale;
    if (Math.round((base * percent) / 100) === vat) return percent;
  }
  return Math.round(ratio * 10) / 10;
}

/** `base 5.00 + VAT 19%: 0.95`, or `base 5.40, no VAT`. */
export function vatLabel(price: PlanPricing): string {
  const base = `base ${formatAmount(price.base)}`;
  const vat = toCents(price.final) - toCents(price.base);
  if (vat === 0 || price.base <= 0) return `${base}, no VAT`;
  return `${base} + VAT ${vatPercent(price)}%: ${formatAmount(vat / 100)}`;
}

/**
 * The quote shown before buying:
 * `kvm-s "KVM S": 5.95 EUR (base 5.00 + VAT 19%: 0.95; monthly 5.00, yearly 50.00 before VAT)`.
 */
export function describeQuote(plan: Plan, body: CreateOrderRequest): string {
  const price = plan.account_price;
  const periods = Object.entries(price.period_prices ?? {}).map(
    ([name, amount]) => `${name} ${formatAmount(amount)}`,
  );
  const details = [vatLabel(price), periods.length > 0 ? `${periods.join(', ')} before VAT` : '']
    .filter(Boolean)
    .join('; ');
  const addons = body.addons?.length
    ? `, plus ${body.addons.length} addon line(s) priced by the server`
    : '';
  return `${plan.code} "${plan.name}": ${planPrice(plan)} (${details})${addons}`;
}
