import type { ApiContext } from '../api-context';
import type { ApiRequest } from '../api-request';
import { rateLimitHeaders } from '../rate-limit-headers';
import type { RouteMatch } from '../route-table';
import { countRequest } from './rate-limit';
import type { Admission } from './state';

/**
 * What every stage reads, gathered once: the route (matched by the dispatcher), the API key
 * if valid, and the rate-limit hit every request counts as.
 */
export function admit(
  ctx: ApiContext,
  route: RouteMatch,
  request: ApiRequest,
  nowMs: number,
): Admission {
  // Authenticated once per request: the body limit may have done it already.
  const key = ctx.requestKeys.of(request);
  const decision = countRequest(ctx, request, route, key, nowMs);
  return { ctx, request, nowMs, route, key, decision, headers: rateLimitHeaders(decision) };
}
