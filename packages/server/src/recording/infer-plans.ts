// Plans a recording used but never listed (`ref-server scenario --from-recording`). An order
// of a plan no GET /plans answer showed, or a renewal the clock billed during the recording,
// proves the plan was for sale and what it cost: the scenario gets that plan, so the replay
// can place the order and renew the service as the upstream did. Never added where a
// complete listing of the plan's type was seen: there the catalog is what it showed.
//
// What the answers do not show is the smallest catalog that charges the same: one period
// (the months the service shows, named as the order or invoice description names it), the
// whole net price on the period (the addons, OS image and region the order named at 0), the
// legacy `monthly_price_eur` of the order's answer as the plan's EUR price, and the region
// its service showed (`location`).

import { periodMonths } from '../domain/account-time/renewal-price';
import type { ServiceRecord } from '../domain/records';
import { amountCents, isJsonObject } from './recording-format';

type Json = Record<string, unknown>;

/** What the recording showed about plans and what was bought or renewed. */
export interface PlanEvidence {
  /** Plans GET /plans showed (scenario plans, already rebuilt). */
  readonly listed: readonly Json[];
  /** Service types a complete GET /plans listing covered (`*`: one without a type filter). */
  readonly coveredTypes: ReadonlySet<string>;
  /** The first order of each plan code the recording placed: its request and its answer. */
  readonly orders: ReadonlyMap<string, { readonly request: Json; readonly answer: Json }>;
  /** The first order of each plan code the upstream refused for want of balance: its request. */
  readonly refusedOrders: ReadonlyMap<string, Json>;
  /** The account's services at the start, and the renewals time billed each during it. */
  readonly services: readonly Json[];
  readonly renewals: ReadonlyMap<string, readonly Json[]>;
  /** Invoices and orders the recording saw (an order's charge and its period's name). */
  readonly invoices: ReadonlyMap<string, Json>;
  readonly ledgerOrders: Iterable<Json>;
  readonly startMs: number;
}

/** How the account's money converts to the scenario's EUR prices, and where it buys. */
export interface PlanContext {
  readonly country: string;
  /** Units of account currency per EUR. */
  readonly rate: number;
  /** Hands out a ref of `kind` (`PLAN`, `PERIOD`, `REGION`) no record of the recording has. */
  readonly freeRef: (kind: 'PLAN' | 'PERIOD' | 'REGION') => string | undefined;
}

const PERIOD_NAMES: Readonly<Record<number, string>> = {
  1: 'monthly',
  3: 'quarterly',
  6: 'semiannual',
  12: 'yearly',
  24: 'biennial',
};

/** A service's period in months (its last period's; monthly without one). */
const monthsOf = (service: Json): number => periodMonths(service as ServiceRecord) ?? 1;

/** The period name a description ends with (`KVM S (monthly)`), else one by its months. */
function periodName(description: unknown, months: number): string {
  const named = typeof description === 'string' ? /\(([^()]+)\)$/.exec(description) : null;
  return named?.[1] ?? PERIOD_NAMES[months] ?? `${months} months`;
}

/** The price of a plan only ever refused for want of balance: more than any account holds. */
export const NEVER_AFFORDED_EUR = 1_000_000_000;

/** The net of an invoice in account cents (amount less VAT). */
const netOf = (invoice: Json | undefined): number | undefined => {
  const amount = amountCents(invoice?.amount);
  const vat = amountCents(invoice?.vat_amount);
  return amount === undefined || vat === undefined ? undefined : amount - vat;
};

/**
 * The one region of a plan never listed: the one the order named, else (the server took the
 * first that sells to the account's country) one in that country; named as the service's
 * `location` showed it.
 */
function regionsOf(request: Json, location: unknown, context: PlanContext): Json[] {
  const ref = typeof request.region_ref === 'string' ? request.region_ref : undefined;
  if (ref === undefined && typeof location !== 'string') return [];
  const regionRef = ref ?? context.freeRef('REGION');
  if (regionRef === undefined) return [];
  return [
    {
      region_ref: regionRef,
      ...(typeof location === 'string' ? { name: location } : {}),
      countries: [context.country],
    },
  ];
}

/** Plans the scenario adds: those the recording's orders and renewals prove, never listed. */
export function inferPlans(evidence: PlanEvidence, context: PlanContext): Json[] {
  const plans: Json[] = [];
  const known = (type: unknown, matches: (plan: Json) => boolean) =>
    evidence.coveredTypes.has('*') ||
    evidence.coveredTypes.has(String(type)) ||
    [...evidence.listed, ...plans].some(matches);
  const toEur = (accountCents: number) => Math.round(accountCents / context.rate) / 100;
  const add = (fields: {
    name: unknown;
    code: string;
    type: unknown;
    months: number;
    period: string;
    netCents: number;
    monthlyEur: number;
    request?: Json;
    /** The region the order's service showed (`location`). */
    location?: unknown;
    /** The OS image name the order's service showed (`os_name`). */
    osName?: unknown;
  }) => {
    const planRef = context.freeRef('PLAN');
    const request = fields.request ?? {};
    const periodRef =
      typeof request.period_ref === 'string' ? request.period_ref : context.freeRef('PERIOD');
    if (planRef === undefined || periodRef === undefined) return;
    const addons = Array.isArray(request.addons) ? request.addons.filter(isJsonObject) : [];
    plans.push({
      plan_ref: planRef,
      name: fields.name,
      code: fields.code,
      service_type: fields.type,
      purchase_url: `https://example.test/plans/${planRef.toLowerCase()}`,
      price_eur: fields.monthlyEur,
      period_prices: { [fields.period]: toEur(fields.netCents) },
      periods: [{ period_ref: periodRef, name: fields.period, months: fields.months }],
      os_images:
        typeof request.os_image_ref === 'string'
          ? [
              {
                os_image_ref: request.os_image_ref,
                name: String(request.os_name ?? fields.osName ?? 'recorded'),
              },
            ]
          : [],
      regions: regionsOf(request, fields.location, context),
      addons: addons.map((addon) => ({
        addon_ref: addon.addon_ref,
        name: String(addon.addon_ref).toLowerCase(),
        price_eur: 0,
      })),
      currency: 'EUR',
    });
  };

  // The ledger's order of each service, found once (not per plan: both grow with the account).
  const orderOf = new Map<unknown, Json>();
  for (const order of evidence.ledgerOrders) {
    if (!orderOf.has(order.service_ref)) orderOf.set(order.service_ref, order);
  }
  for (const [code, { request, answer }] of evidence.orders) {
    const service = isJsonObject(answer.service) ? answer.service : {};
    if (known(request.type, (plan) => plan.code === code)) continue;
    const months = monthsOf(service);
    const order = orderOf.get(answer.service_ref);
    const invoice =
      typeof order?.invoice_ref === 'string' ? evidence.invoices.get(order.invoice_ref) : undefined;
    const monthlyEur =
      typeof service.monthly_price_eur === 'number' ? service.monthly_price_eur : 0;
    add({
      name: service.service_plan_name,
      code,
      type: request.type,
      months,
      period: periodName(order?.description ?? invoice?.description, months),
      netCents: netOf(invoice) ?? Math.round(monthlyEur * 100 * months * context.rate),
      monthlyEur,
      request,
      location: service.location,
      osName: service.os_name,
    });
  }

  // An order refused for want of balance proves the plan was for sale (it was priced), not
  // its price: one no balance pays refuses it in the replay too, until an order the upstream
  // took shows what it cost (then the loop above priced it).
  for (const [code, request] of evidence.refusedOrders) {
    if (known(request.type, (plan) => plan.code === code)) continue;
    add({
      name: code,
      code,
      type: request.type,
      months: 1,
      period: 'monthly',
      netCents: Math.round(NEVER_AFFORDED_EUR * 100 * context.rate),
      monthlyEur: NEVER_AFFORDED_EUR,
      request,
    });
  }

  for (const service of evidence.services) {
    const billed = (evidence.renewals.get(String(service.service_ref)) ?? []).find(
      (invoice) => Date.parse(String(invoice.issue_date)) >= evidence.startMs,
    );
    const netCents = netOf(billed);
    if (billed === undefined || netCents === undefined) continue;
    const sold = (plan: Json) =>
      plan.name === service.service_plan_name && plan.service_type === service.type;
    if (known(service.type, sold)) continue;
    const months = monthsOf(service);
    add({
      name: service.service_plan_name,
      code: `recorded-${String(service.type)}-${plans.length + 1}`,
      type: service.type,
      months,
      period: periodName(billed.description, months),
      netCents,
      monthlyEur: toEur(Math.round(netCents / months)),
    });
  }
  return plans;
}
