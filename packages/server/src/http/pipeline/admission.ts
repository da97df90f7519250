import type { ServerContext } from '../../server-context';
import type { ApiRequest } from '../api-request';
import { rateLimitHeaders } from '../rate-limit-headers';
import type { RouteTable } from '../route-table';
import { countRequest } from './rate-limit';
import type { Admission } from './state';

/**
 * What every stage reads, gathered once: the route (`prefix` is the base path with its
 * trailing `/`), the API key if valid, and the rate-limit hit every request counts as.
 */
export function admit(
  ctx: ServerContext,
  routes: RouteTable,
  prefix: string,
  request: ApiRequest,
  nowMs: number,
): Admission {
  const path = request.path.startsWith(prefix) ? request.path.slice(prefix.length - 1) : '';
  const route = request.route ?? routes.match(request.method, path);
  // Authenticated once per request: the body limit may have done it already.
  const key = ctx.requestKeys.of(request);
  const decision = countRequest(ctx, request, route, key, nowMs);
  return { ctx, request, nowMs, route, key, decision, headers: rateLimitHeaders(decision) };
}
