import { ENTRIES } from './entries';
import { IDEMPOTENCY_KEY_PATTERN, LIMITS } from './limits';
import type { RouteDef } from './operation-entry';

// The contract table without its zod schemas: what a client needs to send a request and to
// read its status (method, path, scope, idempotency, statuses), and each operation's texts
// and names. It imports no zod, so a client that loads only this starts without building
// the ~400 schemas of the contract; `loadSuccessSchema` builds the one module a response
// needs when it arrives. The contract table (`operations`) resolves the schemas the
// entries name. Each operation's entry is in `entries-<group>.ts`.

export { IDEMPOTENCY_KEY_PATTERN } from './limits';
export type { ErrorStatus, HttpMethod, OperationEntry, RouteDef } from './operation-entry';

/** The routes of the 23 operations of the account API (their contract entries), keyed by operationId. */
export const routes = ENTRIES;

/** The operationId of any of the 23 operations. */
export type RouteId = keyof typeof routes;

/**
 * Fills a path template with URL-encoded parameters.
 * @example buildPath(routes.getService, { service_ref: 'REF-SVC-1' }) // '/services/REF-SVC-1'
 */
export function buildPath(
  route: Pick<RouteDef, 'path'>,
  params: Record<string, string> = {},
): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined)
      throw new TypeError(`missing path parameter ${name} for ${route.path}`);
    // Encoding keeps dots, and a URL resolves `.` and `..` segments: `services/..` would
    // be a request to another path (GET /v1/ for getService). An empty one, too.
    if (value === '' || value === '.' || value === '..')
      throw new TypeError(`path parameter ${name} cannot be ${JSON.stringify(value)}`);
    return encodeURIComponent(value);
  });
}

/** Whether `value` is a valid `Idempotency-Key`: the `IdempotencyKey` schema's rule, without zod. */
export const isIdempotencyKey = (value: string): boolean =>
  value.length <= LIMITS.idempotencyKeyLengthMax && IDEMPOTENCY_KEY_PATTERN.test(value);
