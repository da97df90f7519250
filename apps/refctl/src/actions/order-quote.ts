import type { CreateOrderRequest, Plan } from '@refapi/schema';
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

/** The price of a plan in the account currency, e.g. `5.95 EUR`. */
export const planPrice = (plan: Plan) =>
  `${formatAmount(plan.account_price.final)} ${plan.account_price.currency}`;

/** The quote shown before buying: `kvm-s "KVM S": 5.95 EUR (base 5.00; monthly 5.00, yearly 50.00)`. */
export function describeQuote(plan: Plan, body: CreateOrderRequest): string {
  const price = plan.account_price;
  const periods = Object.entries(price.period_prices ?? {}).map(
    ([name, amount]) => `${name} ${formatAmount(amount)}`,
  );
  const details = [`base ${formatAmount(price.base)}`, periods.join(', ')]
    .filter(Boolean)
    .join('; ');
  const addons = body.addons?.length
    ? `, plus ${body.addons.length} addon line(s) priced by the server`
    : '';
  return `${plan.code} "${plan.name}": ${planPrice(plan)} (${details})${addons}`;
}
