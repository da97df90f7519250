import {
  Account,
  AccountRef,
  API_KEY_PREFIX,
  DateTime,
  Invoice,
  Order,
  Scope,
  Service,
  Transaction,
} from '@refapi/schema';
import { z } from 'zod';
import { LAST_CLOCK_MS, LAST_CLOCK_TIME } from '../domain/clock';
import { parseIpOrCidr } from '../domain/ip-allow-list';
import { centsAmountProblem } from '../domain/money';
import { accountSettings, addonFields, PlanRecord, serviceTerm } from '../domain/records';
import { ExtensionSnapshots } from '../extensions/registry';

/** A money amount in a scenario: a JSON number with at most two decimals the server can hold. */
const ScenarioAmount = z.number().superRefine((value, ctx) => {
  const problem = centsAmountProblem(value);
  if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
});
const Price = ScenarioAmount.refine((value) => value >= 0, 'must not be negative');

/** An API key of a scenario account. */
export const ScenarioApiKey = z.strictObject({
  token: z
    .string()
    .startsWith(API_KEY_PREFIX, `must start with ${API_KEY_PREFIX}`)
    .regex(/^[\x21-\x7E]{7,256}$/, 'must be 7..256 printable ASCII characters without spaces'),
  scopes: z.array(z.union([z.literal('*'), Scope])).default(['*']),
  allowed_ips: z
    .array(
      z.string().refine((entry) => parseIpOrCidr(entry) !== undefined, 'must be an IP or CIDR'),
    )
    .default([]),
});

/**
 * A service of a scenario account (`reseller` services are invisible to the API). Its term
 * for renewals (`term_day`, `ordered_addons`, `renewal_invoice_ref`, kept by the server and
 * exported with the state; its last period) is checked as the record holds it: a day of 0
 * had renewed at one instant again and again, `ordered_addons: "x"` expired the service at
 * its renewal as `addon_not_offered`, a period of 0 months renewed monthly. Which invoice
 * `renewal_invoice_ref` may name is a document rule (`validate.ts`).
 */
export const ScenarioService = Service.extend({
  reseller: z.boolean().default(false),
  ...serviceTerm,
});

const count = z.int().min(0).max(1_000_000).default(0);

/** Deterministic records to add to an account. */
const ScenarioGenerate = z.strictObject({
  invoices: count,
  transactions: count,
  services: count,
});

/** One account of a scenario with its keys, services and finance records. */
export const ScenarioAccount = Account.extend({
  balance: ScenarioAmount,
  ...accountSettings,
  api_keys: z.array(ScenarioApiKey).default([]),
  services: z.array(ScenarioService).default([]),
  invoices: z.array(Invoice).default([]),
  orders: z.array(Order).default([]),
  transactions: z.array(Transaction).default([]),
  generate: ScenarioGenerate.optional(),
});

/** A plan of the scenario catalog: the stored plan with its prices as EUR amounts. */
export const ScenarioPlan = PlanRecord.omit({
  price_eur_cents: true,
  period_prices_cents: true,
  addons: true,
}).extend({
  price_eur: Price,
  period_prices: z.record(z.string(), Price).optional(),
  addons: z.array(z.strictObject({ ...addonFields, price_eur: Price })).default([]),
});

/** A stored idempotent response, as exported in the state document. */
export const ScenarioIdempotencyEntry = z.strictObject({
  account_ref: AccountRef,
  operation_id: z.string().min(1),
  key: z.string().min(1),
  fingerprint: z.string().min(1),
  stored_at: DateTime,
  response: z.strictObject({
    status: z.int().min(100).max(599),
    body: z.unknown().optional(),
    text: z.string().optional(),
    headers: z
      .record(
        z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name'),
        z.string().regex(/^[\t\x20-\x7E]*$/, 'must be printable ASCII'),
      )
      .optional(),
  }),
});

// Units of a currency per one EUR, held as integer millionths (`micros` in @refapi/schema's
// pricing). Within 0.001..1000 each, every cross rate is at least 0.000001 (a display rate
// is never 0, nor a price converted to nothing) and a rate's millionths stay exact integers:
// 1e307 had made BigInt(Infinity) of each conversion a 500.
const MIN_RATE = 0.001;
const MAX_RATE = 1000;
const ExchangeRate = z
  .number()
  .gt(0, 'must be greater than 0')
  .refine(
    (rate) => rate >= MIN_RATE && rate <= MAX_RATE,
    `must be between ${MIN_RATE} and ${MAX_RATE}`,
  );

/** State of server modules, keyed by module name (see `ExtensionSnapshots`). */
export const ScenarioExtensions = ExtensionSnapshots;

/** The scenario document: the whole state of the reference server. */
export const Scenario = z.strictObject({
  now: DateTime.refine(
    (now) => Date.parse(now) <= LAST_CLOCK_MS,
    `must be at most ${LAST_CLOCK_TIME}, the clock's last instant`,
  ).optional(),
  /** Whether the clock starts frozen. */
  frozen: z.boolean().optional(),
  rates: z
    .strictObject({ EUR: ExchangeRate, USD: ExchangeRate, GBP: ExchangeRate })
    .default({ EUR: 1, USD: 1.08, GBP: 0.86 }),
  plans: z.array(ScenarioPlan).default([]),
  accounts: z.array(ScenarioAccount).default([]),
  idempotency: z.array(ScenarioIdempotencyEntry).optional(),
  /** State of server modules (e.g. Shield), keyed by module name. */
  extensions: ScenarioExtensions.optional(),
});

/** A scenario document as written (defaults optional). */
export type ScenarioInput = z.input<typeof Scenario>;
/** A validated scenario document with defaults applied. */
export type Scenario = z.output<typeof Scenario>;
/** A validated scenario account. */
export type ScenarioAccount = z.output<typeof ScenarioAccount>;
/** A validated scenario plan. */
export type ScenarioPlan = z.output<typeof ScenarioPlan>;
/** A validated scenario service. */
export type ScenarioService = z.output<typeof ScenarioService>;
