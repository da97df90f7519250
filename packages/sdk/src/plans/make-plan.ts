import type { CreateOrderRequest } from '@refapi/schema';
import { isIdempotencyKey, routes } from '@refapi/schema/client';
import type { PlannableOperation } from '@refapi/schema/request-plan';
import { API_KEY_PREFIX } from '@refapi/schema/values';
import { ConfigurationError } from '../errors/client-errors';
import { type Core, filledPath } from '../internal/core';
import { randomUuid } from '../internal/runtime';
import { priceOrderNow } from './order-pricing';
import { PlanRefusedError } from './plan-errors';
import type { PlannedInput, PlanOf, PlanOptions } from './plan-request';
import { planSchemas } from './plan-schemas';

// A plan holds only JSON: undefined members are dropped, as the file will drop them, so
// the digest computed here is the digest of the file.
const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** A Date that holds a time (by its tag, not `instanceof`: a Date of another realm is one too). */
export const isValidDate = (value: unknown): value is Date =>
  Object.prototype.toString.call(value) === '[object Date]' &&
  !Number.isNaN((value as Date).getTime());

/** Where a zod issue points, for a one-line message: `body.addons.0.units: Too small`. */
export const issueText = (issue: { path: PropertyKey[]; message: string }) =>
  `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`;

/**
 * Makes the plan of one write request: reads the key's account (GET /me) and, for an
 * order, prices it from the catalog (GET /plans); sends nothing that changes anything.
 */
export async function makePlan<K extends PlannableOperation>(
  core: Core,
  input: PlannedInput<K>,
  options: PlanOptions = {},
): Promise<PlanOf<K>> {
  const { operation } = input;
  const route = routes[operation];
  // A reference the call methods refuse (no string, empty, `.`, `..`) is refused the same way
  // here, a ConfigurationError before anything is read, not as an invalid plan.
  const path = filledPath(route, input.pathParams);
  const ttl = options.expiresInSeconds ?? undefined;
  if (ttl !== undefined && !(Number.isSafeInteger(ttl) && ttl > 0)) {
    throw new ConfigurationError(`expiresInSeconds must be a positive whole number, got ${ttl}.`);
  }
  const key = route.idempotencyKey ? (options.idempotencyKey ?? randomUuid()) : null;
  if (key !== null && !isIdempotencyKey(key)) {
    throw new ConfigurationError(
      'idempotencyKey must be 1-128 characters of A-Z, a-z, 0-9 and _ . : -',
    );
  }
  // The wrong variable (`idempotencyKey: process.env.REF_API_KEY`): a plan is written to a
  // file that is reviewed and committed, and must never carry a credential.
  if (key?.includes(API_KEY_PREFIX)) {
    throw new ConfigurationError(
      `idempotencyKey holds an API key (${API_KEY_PREFIX}…), not an idempotency key; no plan was made.`,
    );
  }
  const schemas = await planSchemas();
  const pathParams = json(input.pathParams) as Record<string, string>;
  const body = input.body === null ? null : json(input.body);
  const now = options.now ?? new Date();
  // Checked here, not left to toISOString's RangeError: an invalid `now` or an expiry past
  // the last date JavaScript can write would otherwise surface as an untyped error.
  if (!isValidDate(now)) {
    throw new ConfigurationError('now must be a valid Date.');
  }
  const expiresMs = now.getTime() + (ttl ?? schemas.REQUEST_PLAN_TTL_SECONDS) * 1000;
  if (Number.isNaN(new Date(expiresMs).getTime())) {
    throw new ConfigurationError(
      `expiresInSeconds puts the expiry past the last date a plan can hold, got ${ttl}.`,
    );
  }
  const request = { signal: options.signal, timeout: options.timeout };
  // The request is checked before anything is read: a bad body is refused at once, by
  // the schemas of the plan's own member for this operation.
  const member = schemas.RequestPlan.options.find((o) => o.shape.operation.value === operation);
  for (const [field, value] of [
    ['path_params', pathParams],
    ['body', body],
  ] as const) {
    const checked = member?.shape[field].safeParse(value);
    if (checked?.success !== false) continue;
    const issue = checked.error.issues[0];
    throw new PlanRefusedError(
      'invalid',
      `the ${operation} request is not valid${issue === undefined ? '' : ` at ${field}.${issueText(issue)}`}`,
    );
  }
  const [account, priced] = await Promise.all([
    core.call('getAccount', { options: request }),
    operation === schemas.ORDER_OPERATION
      ? priceOrderNow(core, body as CreateOrderRequest, request)
      : undefined,
  ]);
  const unsigned = {
    plan_version: schemas.REQUEST_PLAN_VERSION,
    operation,
    method: route.method,
    path,
    path_params: pathParams,
    body,
    idempotency_key: key,
    quote: priced === undefined ? null : json(priced.quote),
    priced_from: priced === undefined ? null : json(priced.facts),
    account_ref: account.account_ref,
    base_url: core.baseUrl,
    created_at: now.toISOString(),
    expires_at: new Date(expiresMs).toISOString(),
  };
  return { ...unsigned, digest: await schemas.planDigest(unsigned) } as unknown as PlanOf<K>;
}
