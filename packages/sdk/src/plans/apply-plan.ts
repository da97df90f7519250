import type { CreateOrderResponse } from '@refapi/schema';
import { buildPath, routes } from '@refapi/schema/client';
import type { ORDER_OPERATION, PlannableOperation, RequestPlan } from '@refapi/schema/request-plan';
import { ConfigurationError } from '../errors/client-errors';
import { baseUrlText } from '../internal/base-url';
import type { Core } from '../internal/core';
import type { SuccessOf } from '../internal/operation-types';
import { OrdersResource } from '../resources/orders';
import { issueText, isValidDate } from './make-plan';
import { priceOrderNow } from './order-pricing';
import {
  type Cents,
  PlanChargeMismatchError,
  PlanPriceChangedError,
  PlanRefusedError,
} from './plan-errors';
import type { ApplyOptions } from './plan-request';
import { planSchemas } from './plan-schemas';

/** What an order of an applied plan charged (its `amount`, GET /orders). */
export interface PlanCharge extends Cents {
  /** The order that charged it. */
  readonly orderRef: string;
}

/** The outcome of `client.apply(plan)`. */
export interface AppliedPlan<K extends PlannableOperation = PlannableOperation> {
  readonly operation: K;
  /** The operation's parsed answer. */
  readonly data: SuccessOf<K>;
  /**
   * True when an earlier call had applied the plan: the server replayed its answer, nothing
   * was done again. False when this call did it, also when a retry of it was answered with
   * the stored result of its own earlier attempt (whose answer was lost).
   */
  readonly replayed: boolean;
  /** For an order: what it charged (equal to the plan's total, else the apply threw); undefined when the order could not be read. */
  readonly charged: PlanCharge | undefined;
}

/**
 * The checks of a plan document that need no server: its shape, its digest and its path.
 * Resolves to the plan as written; throws {@link PlanRefusedError} (`invalid`, `tampered`)
 * otherwise. `client.apply` makes them first: call this to show a plan (a prompt, a
 * review) only once it is known to be what was made.
 * @example const plan = await checkPlan(JSON.parse(await readFile('plan.json', 'utf8')))
 */
export async function checkPlan(document: unknown): Promise<RequestPlan> {
  const schemas = await planSchemas();
  const parsed = schemas.RequestPlan.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PlanRefusedError(
      'invalid',
      `not a plan document of version ${schemas.REQUEST_PLAN_VERSION}${issue === undefined ? '' : ` (${issueText(issue)})`}`,
    );
  }
  // The plan as written, not as parsed: a schema default must not change what is sent or hashed.
  const plan = document as RequestPlan;
  if ((await schemas.planDigest(plan)) !== plan.digest) {
    throw new PlanRefusedError(
      'tampered',
      'the plan was changed after it was made: its digest does not match its content',
    );
  }
  const route = routes[plan.operation];
  if (plan.path !== buildPath(route, plan.path_params as Record<string, string>)) {
    throw new PlanRefusedError('tampered', `the plan's path ${plan.path} is not its path_params'`);
  }
  return plan;
}

/**
 * `url` as the client keeps its base URL (parsed, without trailing slashes), so that a plan
 * that spells the same URL otherwise (`HTTPS://API.example.com/v1/`, as another tool may
 * write it by the JSON Schema) is for the same base URL; `url` itself when it does not parse.
 */
function normalBaseUrl(url: string): string {
  try {
    return baseUrlText(new URL(url));
  } catch {
    return url;
  }
}

/**
 * Applies a plan: checks its shape, digest, path, expiry, base URL and the key's account,
 * prices an order again from the catalog, then sends exactly the planned request with the
 * planned idempotency key. A refusal throws {@link PlanRefusedError} before anything is sent.
 */
export async function applyPlan(
  core: Core,
  document: unknown,
  options: ApplyOptions = {},
): Promise<AppliedPlan> {
  const plan = await checkPlan(document);
  const schemas = await planSchemas();
  const now = options.now ?? new Date();
  // An invalid Date compares NaN, which is never past the expiry: it would disable the check.
  if (!isValidDate(now)) {
    throw new ConfigurationError('now must be a valid Date.');
  }
  if (now.getTime() > Date.parse(plan.expires_at)) {
    throw new PlanRefusedError('expired', `the plan expired at ${plan.expires_at}`);
  }
  if (normalBaseUrl(plan.base_url) !== core.baseUrl) {
    throw new PlanRefusedError(
      'other_base_url',
      `the plan was made for ${plan.base_url}, not ${core.baseUrl}`,
    );
  }
  const request = { signal: options.signal, timeout: options.timeout };
  const account = await core.call('getAccount', { options: request });
  if (account.account_ref !== plan.account_ref) {
    throw new PlanRefusedError(
      'other_account',
      `the plan was made for account ${plan.account_ref}; this API key is of ${account.account_ref}`,
    );
  }
  if (schemas.isOrderPlan(plan)) {
    // Stock (nor the OS image or region) is not refused here: the server checks it
    // atomically with the key, so sending buys nothing when it is out, and it is how an apply learns that this very plan was
    // applied before (its order may have bought the last unit): a replay, not a refusal.
    const { quote } = await priceOrderNow(core, plan.body, request, { applying: true });
    if (quote.total_cents !== plan.quote.total_cents || quote.currency !== plan.quote.currency) {
      throw new PlanPriceChangedError(
        { cents: plan.quote.total_cents, currency: plan.quote.currency },
        { cents: quote.total_cents, currency: quote.currency },
      );
    }
  }
  // Exactly the planned request: its path parameters, its body, its key.
  const sent = await core
    .call(plan.operation as typeof ORDER_OPERATION, {
      path: plan.path_params as never,
      ...(plan.body === null ? {} : { body: plan.body as never }),
      options: { ...request, idempotencyKey: plan.idempotency_key ?? undefined },
    })
    .withResponse();
  const data = sent.data as unknown as SuccessOf<PlannableOperation>;
  const { replayed } = sent;
  let charged: PlanCharge | undefined;
  if (schemas.isOrderPlan(plan)) {
    const serviceRef = (data as unknown as CreateOrderResponse).service_ref;
    const order = await new OrdersResource(core)
      .findForService(serviceRef, request)
      .catch(() => undefined);
    if (order !== undefined) {
      charged = {
        cents: schemas.amountToCents(order.amount),
        currency: order.currency,
        orderRef: order.order_ref,
      };
      const planned = { cents: plan.quote.total_cents, currency: plan.quote.currency };
      if (charged.cents !== planned.cents || charged.currency !== planned.currency) {
        throw new PlanChargeMismatchError(planned, charged, charged.orderRef, replayed);
      }
    }
  }
  return { operation: plan.operation, data, replayed, charged };
}
