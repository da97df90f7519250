import type { CreateOrderRequest, Plan, PlanPricing } from '@refapi/schema';
import {
  amountToCents,
  describePrice,
  formatCents,
  type OrderPrice,
  type PriceRefusal,
  priceOrder,
  unofferedChoice,
  vatPercent,
} from '@refapi/schema/plans';
import { shellWord } from '@refapi/schema/text';
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
    `plan "${body.plan_code}" is not for sale as ${body.type}; see: refctl plans list --type ${shellWord(body.type)}`,
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
    `plan ${plan.code} "${plan.name}" is out of stock; see: refctl plans list --type ${shellWord(plan.service_type)}`,
    EXIT.error,
    'out_of_stock',
  );
}

const REFUSALS: Record<PriceRefusal, string> = {
  period_not_offered: 'offers no period',
  addon_not_offered: 'offers no addon',
  catalog_without_prices: 'has no prices in the catalog for',
};

/**
 * What the order costs, from the catalog by the one price rule (`priceOrder` of
 * `@refapi/schema`, the server's own): refuses, before anything is asked or bought, a period,
 * addon, OS image or region the plan does not offer.
 */
export function quoteOrder(plan: Plan, body: CreateOrderRequest): OrderPrice {
  const result = priceOrder(plan, body);
  if (result.ok) {
    refuseUnoffered(plan, body);
    return result.price;
  }
  const what =
    result.error === 'period_not_offered'
      ? ` ${body.period_ref}`
      : result.error === 'addon_not_offered'
        ? ` among ${body.addons?.map((a) => a.addon_ref).join(', ')}`
        : ' this order';
  throw new CliError(
    `plan ${plan.code} ${REFUSALS[result.error]}${what}; see: refctl plans get ${shellWord(plan.code)} -o json`,
    EXIT.error,
    result.error,
  );
}

/**
 * Refuses the OS image (`--os`, `--os-name`, `--windows`) or region an order names that the
 * plan does not list, as the server would (422 `os_image_not_offered`, `os_not_offered`,
 * `windows_not_offered`, `region_not_offered`), by the rule the SDK plans by
 * (`unofferedChoice`); a catalog without the list (the API allows it) is left to the server.
 */
function refuseUnoffered(plan: Plan, body: CreateOrderRequest): void {
  const refused = unofferedChoice(plan, body);
  if (refused === undefined) return;
  throw new CliError(
    `plan ${plan.code} offers no ${refused.what}; see: refctl plans get ${shellWord(plan.code)}`,
    EXIT.error,
    refused.error,
  );
}

/** The total of a quote, e.g. `59.50 EUR`. */
export const quoteTotal = (price: OrderPrice) => formatCents(price.total_cents, price.currency);

const money = (cents: number) => formatAmount(cents / 100);

/**
 * The quote shown before buying, the lines then the sum:
 * `kvm-s "KVM S", yearly: plan 50.00 + addon backup × 1 30.00 = 80.00 EUR net + 15.20 EUR VAT (19 %) = 95.20 EUR`.
 */
export function describeQuote(plan: Plan, price: OrderPrice): string {
  const lines =
    price.lines.length > 1
      ? `${price.lines.map((line) => `${line.label.replace(/^plan .*/, 'plan')} ${money(line.net_cents)}`).join(' + ')} = `
      : '';
  return `${plan.code} "${plan.name}", ${price.period.name}: ${lines}${describePrice(price)}`;
}

/**
 * The quote's rows of the `--dry-run` table, each under its path in `-o json`
 * (`quote.total_cents`): money written as the confirmation writes it (`88.06 EUR`), never
 * the integer cents the JSON carries for scripts.
 */
export function quoteCells(price: OrderPrice): Record<string, string> {
  const amount = (cents: number) => formatCents(cents, price.currency);
  const months = price.period.months === 1 ? '1 month' : `${price.period.months} months`;
  return {
    'quote.period': `${price.period.name} (${months})`,
    'quote.lines': price.lines.map((line) => `${line.label} ${amount(line.net_cents)}`).join(' + '),
    'quote.net_cents': amount(price.net_cents),
    'quote.vat_rate': `${vatPercent(price.vat_rate)} %`,
    'quote.vat_cents': amount(price.vat_cents),
    'quote.total_cents': amount(price.total_cents),
  };
}

/**
 * Vat rate of a plan's monthly price in percent: the catalog's `vat_rate` when it carries
 * one, else the shortest rate (whole, then one or two decimals) that turns `base` into
 * `final` with cent rounding, as the server does (19 for 3.81 → 4.53, where the ratio reads 18.9).
 */
export function planVatPercent(price: PlanPricing, vatRate?: number): number {
  if (vatRate !== undefined) return vatPercent(vatRate);
  const base = amountToCents(price.base);
  const vat = amountToCents(price.final) - base;
  const ratio = (vat / base) * 100;
  for (const scale of [1, 10, 100]) {
    const percent = Math.round(ratio * scale) / scale;
    if (Math.round((base * percent) / 100) === vat) return percent;
  }
  return Math.round(ratio * 10) / 10;
}
