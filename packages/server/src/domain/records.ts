import {
  Account,
  AccountRef,
  AddonRef,
  Currency,
  DateTime,
  Invoice,
  InvoiceRef,
  LIMITS,
  Order,
  OsImageRef,
  PeriodRef,
  PlanRef,
  RegionRef,
  Service,
  ServiceType,
  Transaction,
} from '@refapi/schema';
import { z } from 'zod';

// Stored records: the public shapes of @refapi/schema plus the fields only the server
// keeps (the owning account_ref, the partition key), with money as integer cents in
// `<field>_cents`. The scenario document derives its shapes from these, not the reverse;
// `record-codec.ts` converts between the two.

const cents = z.int();

/** The money fields of invoices and transactions (JSON `amount` ↔ stored `amount_cents`). */
export const LEDGER_MONEY = ['amount', 'fee', 'penalty', 'vat_amount'] as const;

type CentsShape<F extends string> = { [K in F as `${K}_cents`]: typeof cents };

/** `{ <field>_cents: int }` for each money field. */
function centsFields<F extends string>(fields: readonly F[]): CentsShape<F> {
  return Object.fromEntries(fields.map((field) => [`${field}_cents`, cents])) as CentsShape<F>;
}

/** `{ <field>: true }` for each money field: the mask that drops the JSON amounts. */
function mask<F extends string>(fields: readonly F[]): { [K in F]: true } {
  return Object.fromEntries(fields.map((field) => [field, true])) as { [K in F]: true };
}

/** The Advanced Shield subscription of an account; null means none. */
const ShieldSubscription = z.strictObject({
  status: z.enum(['active', 'grace']),
  grace_ends_at: DateTime.nullable().default(null),
  mutations_blocked: z.boolean().default(false),
  mutation_blocked_reason: z.string().min(1).optional(),
});

/** What the server keeps about an account beyond its public identity (money aside). */
export const accountSettings = {
  account_currency: Currency,
  vat_rate: z.number().min(0).max(1).default(0),
  billing_profile_complete: z.boolean().default(true),
  shield: ShieldSubscription.nullable().default(null),
};

/**
 * A stored account: identity, balance in cents, billing and Shield subscription. Its API
 * keys live on the partition: they never change after a load, and a record that held them
 * would make every balance debit copy, validate and journal the whole key list.
 */
export const AccountRecord = Account.extend({ ...accountSettings, balance_cents: cents });

/** The day of the month a service's term began on: each renewal ends on it (clamped to the month). */
const TermDay = z.int().min(1).max(31);

/**
 * The addons a service was ordered with, as an order takes them (at most as many lines, each
 * of at least one unit): each renewal prices them again.
 */
const OrderedAddons = z
  .array(z.strictObject({ addon_ref: AddonRef, units: z.int().min(1) }))
  .max(LIMITS.orderAddonsMax);

/**
 * What the server keeps about a service's term for renewals (reference spec, section 9):
 * the day of the month the term began on (renewals keep it), the addons it was ordered with
 * (priced again at each renewal) and the unpaid renewal invoice that suspended it, never
 * shown by the API; and its last period (`last_period_unit`/`last_period_amount`, public),
 * which each renewal buys again: a period of no units (0, -1) had renewed monthly.
 */
export const serviceTerm = {
  term_day: TermDay.optional(),
  ordered_addons: OrderedAddons.optional(),
  renewal_invoice_ref: InvoiceRef.optional(),
  // Any text, as the contract has it: a provider's unit the renewal does not know (it knows
  // `month` and `year`) expires the service at its renewal as `period_not_sold`, a state
  // recordings of a real account may hold.
  last_period_unit: z.string().optional(),
  last_period_amount: z.int().min(1).optional(),
};

/** A stored service (additional properties kept, as the public Service allows them). */
export const ServiceRecord = Service.extend({
  account_ref: AccountRef,
  reseller: z.boolean(),
  ...serviceTerm,
});

const owned = { account_ref: AccountRef };

/** A stored invoice. */
export const InvoiceRecord = Invoice.omit(mask(LEDGER_MONEY)).extend({
  ...owned,
  ...centsFields(LEDGER_MONEY),
});

/** A stored order. */
export const OrderRecord = Order.omit({ amount: true }).extend({
  ...owned,
  ...centsFields(['amount']),
});

/** A stored ledger transaction (description kept unredacted; redacted at the edge). */
export const TransactionRecord = Transaction.omit(mask(LEDGER_MONEY)).extend({
  ...owned,
  ...centsFields(LEDGER_MONEY),
});

/** Hardware figures of a plan, copied onto ordered services. */
const PlanSpecs = z.strictObject({
  cores: z.int().min(0).optional(),
  ram_gb: z.int().min(0).optional(),
  disk_gb: z.int().min(0).optional(),
  bandwidth_mbps: z.int().min(0).optional(),
});

/** A billing period of a plan. */
const PlanPeriod = z.strictObject({
  period_ref: PeriodRef,
  name: z.string().min(1),
  months: z.int().min(1).max(120),
});

/** An OS image a plan offers. */
const PlanOsImage = z.strictObject({ os_image_ref: OsImageRef, name: z.string().min(1) });

/** A region a plan can be placed in, with the countries allowed to buy there. */
const PlanRegion = z.strictObject({
  region_ref: RegionRef,
  name: z.string().min(1).optional(),
  countries: z.array(z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166 alpha-2 code')),
});

/** The identity of a plan addon (its price aside). */
export const addonFields = { addon_ref: AddonRef, name: z.string().min(1) };

/** A stored plan of the catalog, its prices in EUR cents. */
export const PlanRecord = z.strictObject({
  plan_ref: PlanRef,
  name: z.string().min(1),
  code: z.string().min(1).max(LIMITS.planCodeLengthMax),
  service_type: ServiceType,
  periods: z.array(PlanPeriod).default([]),
  os_images: z.array(PlanOsImage).default([]),
  regions: z.array(PlanRegion).default([]),
  /** Units left; absent means unlimited. */
  stock: z.int().min(0).optional(),
  active: z.boolean().default(true),
  private: z.boolean().default(false),
  currency: Currency.default('EUR'),
  purchase_url: z.url({ protocol: /^https$/, error: 'must be an https URL' }),
  specs: PlanSpecs.optional(),
  price_eur_cents: cents,
  period_prices_cents: z.record(z.string(), cents).optional(),
  addons: z.array(z.strictObject({ ...addonFields, price_eur_cents: cents })),
});

/** A stored account. */
export type AccountRecord = z.output<typeof AccountRecord>;
/** A stored service. */
export type ServiceRecord = z.output<typeof ServiceRecord>;
/** A stored invoice. */
export type InvoiceRecord = z.output<typeof InvoiceRecord>;
/** A stored order. */
export type OrderRecord = z.output<typeof OrderRecord>;
/** A stored ledger transaction. */
export type TransactionRecord = z.output<typeof TransactionRecord>;
/** A stored plan. */
export type PlanRecord = z.output<typeof PlanRecord>;

/** The record schema of each collection kind. */
export const recordSchemas = {
  accounts: AccountRecord,
  plans: PlanRecord,
  services: ServiceRecord,
  invoices: InvoiceRecord,
  orders: OrderRecord,
  transactions: TransactionRecord,
} as const;

/** A collection kind. */
export type RecordKind = keyof typeof recordSchemas;

/** The field that holds the reference of each kind's records. */
export const refFields = {
  accounts: 'account_ref',
  plans: 'plan_ref',
  services: 'service_ref',
  invoices: 'invoice_ref',
  orders: 'order_ref',
  transactions: 'transaction_ref',
} as const satisfies Record<RecordKind, string>;
/** The record type of a collection kind. */
export type RecordOf<K extends RecordKind> = z.output<(typeof recordSchemas)[K]>;
/** Kinds whose records are partitioned per account. */
export type AccountRecordKind = 'services' | 'invoices' | 'orders' | 'transactions';
