import { operationList } from '@refapi/schema';
import { type HttpHandler, http } from 'msw';
import { errorResponse } from '../../api/api-request';
import type { ContextHandler } from '../../api/request-handler';
import { type RouteMatch, RouteTable } from '../../api/route-table';
import { toWebResponse, webRequestContext } from './web-adapter';

const byMethod = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/**
 * msw handlers for a base URL: one per contract operation, then a catch-all for the rest
 * of the origin, so unknown paths (404), other methods (405) and the admin API are answered. Matching uses
 * our route table through custom predicates: msw's path patterns throw on malformed
 * percent-escapes, which would surface as 500s.
 */
export function createMswHandlers(handle: ContextHandler, baseUrl: string): HttpHandler[] {
  const base = new URL(baseUrl);
  const root = base.pathname.replace(/\/+$/, '');
  const routes = new RouteTable();
  // msw asks every handler's predicate in turn: the route is matched once per request,
  // here, and handed to the dispatcher, which then does not match it again.
  const matched = new WeakMap<Request, RouteMatch | undefined>();
  const routeOf = (request: Request): RouteMatch | undefined => {
    if (matched.has(request)) return matched.get(request);
    const url = new URL(request.url);
    const route =
      url.origin === base.origin && url.pathname.startsWith(`${root}/`)
        ? routes.match(request.method.toUpperCase(), url.pathname.slice(root.length))
        : undefined;
    matched.set(request, route);
    return route;
  };
  const resolver = async ({ request }: { request: Request }) => {
    const context = webRequestContext(request);
    const route = routeOf(request);
    if (route !== undefined) context.route = route;
    const response = await handle(context);
    if (response.stream !== undefined) {
      // msw never passes a reader's cancel on to a streamed body, so an event stream would
      // stay subscribed forever: it is for servers started with listen() (or `fetch`).
      const { 'request-id': id } = response.headers;
      return toWebResponse(
        errorResponse(404, 'event_stream_needs_http', id === undefined ? {} : { 'request-id': id }),
      );
    }
    return toWebResponse(response);
  };

  const perOperation = operationList.map((op) =>
    byMethod[op.method](({ request }) => {
      const match = routeOf(request);
      return match?.kind === 'operation' && match.op === op;
    }, resolver),
  );
  // The server owns its origin: anything else there is answered too (404 outside the API).
  const rest = http.all(({ request }) => new URL(request.url).origin === base.origin, resolver);
  return [...perOperation, rest];
}
