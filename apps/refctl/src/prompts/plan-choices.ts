import type { Plan, PlanPricing } from '@refapi/schema';
import { formatCents, priceOrder } from '@refapi/schema/plans';
import { planVatPercent } from '../actions/order-quote';
import { formatAmount } from '../output/money';
import type { Choice } from '../ui/SelectPrompt';

// The catalog as the order prompts show it. A plan's stock, specs and the refs an order may
// name are additional properties of Plan (the spec allows them; the reference server sends
// them): each is read defensively, and a plan without them is still offered.

/** A billing period, OS image or region an order may name. */
export interface PlanOption {
  readonly ref: string;
  readonly name?: string | undefined;
  /** Periods: their length. */
  readonly months?: number | undefined;
  /** Regions: the countries allowed to buy there. */
  readonly countries?: readonly string[] | undefined;
}

/** The lists of one plan an order picks from (empty when the server sends none). */
export interface PlanOptions {
  readonly periods: readonly PlanOption[];
  readonly osImages: readonly PlanOption[];
  readonly regions: readonly PlanOption[];
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The entries of `plan[field]` that carry a string `refField`. */
function optionsOf(plan: Plan, field: string, refField: string): PlanOption[] {
  const list = (plan as Record<string, unknown>)[field];
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw) => {
    const entry = record(raw);
    const ref = str(entry?.[refField]);
    if (entry === undefined || ref === undefined) return [];
    const countries = Array.isArray(entry.countries)
      ? entry.countries.filter((c): c is string => typeof c === 'string')
      : undefined;
    return [{ ref, name: str(entry.name), months: num(entry.months), countries }];
  });
}

/** The periods, OS images and regions `plan` offers. */
export function planOptions(plan: Plan): PlanOptions {
  return {
    periods: optionsOf(plan, 'periods', 'period_ref'),
    osImages: optionsOf(plan, 'os_images', 'os_image_ref'),
    regions: optionsOf(plan, 'regions', 'region_ref'),
  };
}

/** False only when the server says the plan is out of stock (`in_stock: false` or `stock: 0`). */
export function inStock(plan: Plan): boolean {
  const extra = plan as Record<string, unknown>;
  return extra.in_stock !== false && extra.stock !== 0;
}

/**
 * A price with its VAT labelled, e.g. `5.95 EUR incl. 19% VAT`: the rate the server applied
 * (`final` is `base` plus the account's VAT), read as the quote reads it.
 */
export function priceLabel(price: PlanPricing): string {
  const amount = `${formatAmount(price.final)} ${price.currency}`;
  if (price.base <= 0) return amount;
  if (price.final === price.base) return `${amount}, no VAT`;
  return `${amount} incl. ${planVatPercent(price)}% VAT`;
}

/**
 * One billing period with what the plan costs for it, VAT included, by the server's own
 * price rule: `yearly` · `REF-PERIOD-12 · 12 months · 59.50 EUR incl. VAT`.
 */
export function periodChoice(plan: Plan, option: PlanOption): Choice<string | undefined> {
  const choice = optionChoice(option);
  const priced = priceOrder(plan, { period_ref: option.ref });
  if (!priced.ok) return choice;
  const total = `${formatCents(priced.price.total_cents, priced.price.currency)} incl. VAT`;
  return { ...choice, hint: [choice.hint, total].filter(Boolean).join(' · ') };
}

/** `2 cores, 4 GB RAM, 40 GB disk, 1000 Mbit/s`, from the plan's `specs` when present. */
export function specsLabel(plan: Plan): string | undefined {
  const specs = record((plan as Record<string, unknown>).specs);
  if (!specs) return undefined;
  const parts = [
    [num(specs.cores), (n: number) => `${n} core${n === 1 ? '' : 's'}`],
    [num(specs.ram_gb), (n: number) => `${n} GB RAM`],
    [num(specs.disk_gb), (n: number) => `${n} GB disk`],
    [num(specs.bandwidth_mbps), (n: number) => `${n} Mbit/s`],
  ] as const;
  const text = parts.flatMap(([n, label]) => (n === undefined ? [] : [label(n)])).join(', ');
  return text || undefined;
}

function stockLabel(plan: Plan): string | undefined {
  const stock = num((plan as Record<string, unknown>).stock);
  if (stock !== undefined && stock > 0) return `${stock} in stock`;
  return (plan as Record<string, unknown>).in_stock === true ? 'in stock' : undefined;
}

/** One plan in the order prompt: code, then name, price, stock and specs; out of stock is not selectable. */
export function planChoice(plan: Plan): Choice<Plan> {
  const hint = [plan.name, priceLabel(plan.account_price), stockLabel(plan), specsLabel(plan)]
    .filter(Boolean)
    .join(' · ');
  return {
    label: plan.code,
    value: plan,
    hint,
    disabled: inStock(plan) ? undefined : 'out of stock',
  };
}

/** One period, OS image or region: its name (or ref), then the ref and details. */
export function optionChoice(option: PlanOption, country?: string): Choice<string | undefined> {
  const details = [
    option.name === undefined ? undefined : option.ref,
    option.months === undefined
      ? undefined
      : `${option.months} month${option.months === 1 ? '' : 's'}`,
  ];
  const soldHere =
    country === undefined || option.countries === undefined || option.countries.includes(country);
  return {
    label: option.name ?? option.ref,
    value: option.ref,
    hint: details.filter(Boolean).join(' · ') || undefined,
    disabled: soldHere ? undefined : `not sold to ${country}`,
  };
}

/** The first entry of an optional list: leave the flag out and let the server choose. */
export const SERVER_DEFAULT: Choice<string | undefined> = {
  label: 'default',
  value: undefined,
  hint: "leave it to the server's default",
};
