import {
  Account,
  AccountRef,
  AddonRef,
  API_KEY_PREFIX,
  Currency,
  DateTime,
  Invoice,
  LIMITS,
  Order,
  OsImageRef,
  PeriodRef,
  PlanRef,
  RegionRef,
  Scope,
  Service,
  ServiceType,
  Transaction,
} from '@refapi/schema';
import { z } from 'zod';
import { parseIpOrCidr } from '../domain/ip-allow-list';
import { isCentsAmount } from '../domain/money';
import { ExtensionSnapshots } from '../extensions/registry';

/** A money amount in a scenario: a JSON number with at most two decimals. */
const ScenarioAmount = z.number().refine(isCentsAmount, 'must have at most 2 decimals');
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

/** The Advanced Shield subscription of an account; null or absent means none. */
const ScenarioShield = z.strictObject({
  status: z.enum(['active', 'grace']),
  grace_ends_at: DateTime.nullable().default(null),
  mutations_blocked: z.boolean().default(false),
  mutation_blocked_reason: z.string().min(1).optional(),
});

/** A service of a scenario account (`reseller` services are invisible to the API). */
export const ScenarioService = Service.extend({ reseller: z.boolean().default(false) });

const count = z.int().min(0).max(1_000_000).default(0);

/** Deterministic records to add to an account. */
const ScenarioGenerate = z.strictObject({
  invoices: count,
  transactions: count,
  services: count,
});

/** One account of a scenario with its keys, services and finance records. */
export const ScenarioAccount = Account.extend({
  account_currency: Currency,
  balance: ScenarioAmount,
  vat_rate: z.number().min(0).max(1).default(0),
  billing_profile_complete: z.boolean().default(true),
  shield: ScenarioShield.nullable().default(null),
  api_keys: z.array(ScenarioApiKey).default([]),
  services: z.array(ScenarioService).default([]),
  invoices: z.array(Invoice).default([]),
  orders: z.array(Order).default([]),
  transactions: z.array(Transaction).default([]),
  generate: ScenarioGenerate.optional(),
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

/** A plan of the scenario catalog (prices in EUR). */
export const ScenarioPlan = z.strictObject({
  plan_ref: PlanRef,
  name: z.string().min(1),
  code: z.string().min(1).max(LIMITS.planCodeLengthMax),
  service_type: ServiceType,
  price_eur: Price,
  period_prices: z.record(z.string(), Price).optional(),
  periods: z.array(PlanPeriod).default([]),
  os_images: z.array(PlanOsImage).default([]),
  regions: z.array(PlanRegion).default([]),
  addons: z
    .array(z.strictObject({ addon_ref: AddonRef, name: z.string().min(1), price_eur: Price }))
    .default([]),
  /** Units left; absent means unlimited. */
  stock: z.int().min(0).optional(),
  active: z.boolean().default(true),
  private: z.boolean().default(false),
  currency: Currency.default('EUR'),
  purchase_url: z.url({ protocol: /^https$/, error: 'must be an https URL' }),
  specs: PlanSpecs.optional(),
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

const PositiveRate = z.number().gt(0, 'must be greater than 0');

/** State of server modules, keyed by module name (see `ExtensionSnapshots`). */
export const ScenarioExtensions = ExtensionSnapshots;

/** The scenario document: the whole state of the reference server. */
export const Scenario = z.strictObject({
  now: DateTime.optional(),
  /** Whether the clock starts frozen. */
  frozen: z.boolean().optional(),
  rates: z
    .strictObject({ EUR: PositiveRate, USD: PositiveRate, GBP: PositiveRate })
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
