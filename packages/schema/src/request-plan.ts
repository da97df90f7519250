// The plan document (issue 53, "plan once, apply exactly"): one write request of the
// account API written down before it is sent, so that what a person or an agent reviewed
// is what runs. A plan names the operation and exactly the request it will send (method,
// path, body, the Idempotency-Key), for an order the quote `priceOrder` gave and the
// catalog facts it was priced from, the account and base URL it was made for (never a
// credential), when it was made and when it expires, and a digest over all of that.
// Each operation is one member of a union keyed by `operation`, so a plan of a power
// action cannot carry an order's body.
import { z } from 'zod';
import { DateTime } from './common';
import { CreateOrderRequest } from './orders';
import {
  IdempotencyKey,
  PresetPathParams,
  ProfilePathParams,
  RulePathParams,
  ServicePathParams,
} from './params';
import { AccountRef, AddonRef, PeriodRef, PlanRef } from './refs';
import { AutoRenewRequest, PowerRequest } from './service';
import { ShieldRuleIntent } from './shield';

/** The operation whose plans move money (an order): priced, charged, confirmed by a person. */
export const ORDER_OPERATION = 'createOrder' as const;

/** The version of the plan document this package writes and reads (`plan_version`). */
export const REQUEST_PLAN_VERSION = 1;

/** How long a plan stays appliable when its maker names no other time: one hour. */
export const REQUEST_PLAN_TTL_SECONDS = 3600;

/** The write operations a plan can hold, in the contract's order. */
export const PLANNABLE_OPERATIONS = [
  ORDER_OPERATION,
  'setServiceAutoRenew',
  'powerService',
  'createShieldRule',
  'deleteShieldRule',
  'applyShieldPreset',
  'applyShieldProfile',
] as const;

/** One of {@link PLANNABLE_OPERATIONS}. */
export type PlannableOperation = (typeof PLANNABLE_OPERATIONS)[number];

const Cents = z.int().min(0);

/** The quote of a planned order, as `priceOrder` computed it: integer cents of the account currency. */
export const PlanQuote = z
  .strictObject({
    currency: z.string(),
    period: z.strictObject({
      period_ref: PeriodRef.optional(),
      name: z.string(),
      months: z.int().min(1),
    }),
    lines: z.array(z.strictObject({ label: z.string(), net_cents: Cents })),
    net_cents: Cents,
    vat_rate: z.number().min(0).max(1),
    vat_cents: Cents,
    total_cents: Cents.meta({ description: 'What the balance is debited: net + VAT.' }),
  })
  .meta({ id: 'PlanQuote' });

/** The catalog facts (GET /plans) a planned order was priced from. */
export const PlanPricedFrom = z
  .strictObject({
    plan_ref: PlanRef,
    plan_code: z.string(),
    service_type: z.string(),
    currency: z.string(),
    vat_rate: z.number().min(0).max(1),
    period: z.strictObject({
      period_ref: PeriodRef.optional(),
      name: z.string(),
      months: z.int().min(1),
      net: z.number().min(0),
    }),
    addons: z.array(
      z.strictObject({ addon_ref: AddonRef, name: z.string(), monthly_net: z.number().min(0) }),
    ),
  })
  .meta({ id: 'PlanPricedFrom' });

const common = {
  plan_version: z.literal(REQUEST_PLAN_VERSION),
  path: z
    .string()
    .regex(/^\/[^?#]*$/)
    .meta({
      description: 'The path below the base URL, its parameters filled in (`/orders`).',
    }),
  account_ref: AccountRef.meta({ description: 'The account the plan was made for (GET /me).' }),
  base_url: z.url().meta({ description: 'The base URL the plan was made for (ends in /v1).' }),
  created_at: DateTime,
  expires_at: DateTime.meta({ description: 'The plan is refused after this instant.' }),
  digest: z
    .string()
    .regex(/^sha256:[0-9a-f]{64}$/)
    .meta({
      description:
        'sha256 over the RFC 8785 canonical JSON of every other field: catches an edited plan (not a signature).',
    }),
};

const withKey = { idempotency_key: IdempotencyKey };
const free = { quote: z.null(), priced_from: z.null() };

/** A plan: one write request, priced when it is an order, bound to an account and a base URL. */
export const RequestPlan = z
  .discriminatedUnion('operation', [
    z.strictObject({
      ...common,
      operation: z.literal(ORDER_OPERATION),
      method: z.literal('POST'),
      path_params: z.strictObject({}),
      body: CreateOrderRequest,
      ...withKey,
      quote: PlanQuote,
      priced_from: PlanPricedFrom,
    }),
    z.strictObject({
      ...common,
      operation: z.literal('setServiceAutoRenew'),
      method: z.literal('PUT'),
      path_params: ServicePathParams.strict(),
      body: AutoRenewRequest,
      // A PUT of a state is safe to repeat: the operation takes no Idempotency-Key.
      idempotency_key: z.null(),
      ...free,
    }),
    z.strictObject({
      ...common,
      operation: z.literal('powerService'),
      method: z.literal('POST'),
      path_params: ServicePathParams.strict(),
      body: PowerRequest,
      ...withKey,
      ...free,
    }),
    z.strictObject({
      ...common,
      operation: z.literal('createShieldRule'),
      method: z.literal('POST'),
      path_params: ServicePathParams.strict(),
      body: ShieldRuleIntent,
      ...withKey,
      ...free,
    }),
    z.strictObject({
      ...common,
      operation: z.literal('deleteShieldRule'),
      method: z.literal('DELETE'),
      path_params: RulePathParams.strict(),
      body: z.null(),
      ...withKey,
      ...free,
    }),
    z.strictObject({
      ...common,
      operation: z.literal('applyShieldPreset'),
      method: z.literal('POST'),
      path_params: PresetPathParams.strict(),
      body: z.null(),
      ...withKey,
      ...free,
    }),
    z.strictObject({
      ...common,
      operation: z.literal('applyShieldProfile'),
      method: z.literal('POST'),
      path_params: ProfilePathParams.strict(),
      body: z.null(),
      ...withKey,
      ...free,
    }),
  ])
  .meta({ id: 'RequestPlan', title: 'refapi request plan' });

/** A plan document as written (bodies as the caller wrote them). */
export type RequestPlan = z.input<typeof RequestPlan>;
/** The plan of one operation K. */
export type RequestPlanOf<K extends PlannableOperation> = Extract<RequestPlan, { operation: K }>;
/** The plan of an order. */
export type OrderPlan = RequestPlanOf<typeof ORDER_OPERATION>;
/** Whether `plan` is an order's plan: the one that moves money. */
export const isOrderPlan = (plan: RequestPlan): plan is OrderPlan =>
  plan.operation === ORDER_OPERATION;
/** A plan before its digest is computed. */
export type UnsignedRequestPlan = {
  [K in PlannableOperation]: Omit<RequestPlanOf<K>, 'digest'>;
}[PlannableOperation];
/** The quote of a planned order. */
export type PlanQuote = z.infer<typeof PlanQuote>;
/** The catalog facts a planned order was priced from. */
export type PlanPricedFrom = z.infer<typeof PlanPricedFrom>;

/** The JSON Schema (draft 2020-12) of the plan document, as published in `request-plan.schema.json`. */
export function requestPlanJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(RequestPlan, { io: 'input', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
}
