import { operationList } from '@refapi/schema';
import { type HttpHandler, http } from 'msw';
import type { ServedHandler } from './body-limit';
import { RouteTable } from './route-table';
import { fromWebRequest, toWebResponse } from './web-adapter';

const byMethod = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/**
 * msw handlers for a base URL: one per contract operation, then a catch-all for the rest
 * of the origin, so unknown paths (404), other methods (405) and the admin API are answered. Matching uses
 * our route table through custom predicates: msw's path patterns throw on malformed
 * percent-escapes, which would surface as 500s.
 */
export function createMswHandlers(handle: ServedHandler, baseUrl: string): HttpHandler[] {
  const base = new URL(baseUrl);
  const root = base.pathname.replace(/\/+$/, '');
  const routes = new RouteTable();
  const relativePath = (request: Request): string | undefined => {
    const url = new URL(request.url);
    if (url.origin !== base.origin || !url.pathname.startsWith(`${root}/`)) return undefined;
    return url.pathname.slice(root.length);
  };
  const resolver = async ({ request }: { request: Request }) =>
    toWebResponse(await handle(await fromWebRequest(request, handle.bodyLimit)));

  const perOperation = operationList.map((op) =>
    byMethod[op.method](({ request }) => {
      const path = relativePath(request);
      if (path === undefined) return false;
      const match = routes.match(op.method, path);
      return match.kind === 'operation' && match.op === op;
    }, resolver),
  );
  // The server owns its origin: anything else there is answered too (404 outside the API).
  const rest = http.all(({ request }) => new URL(request.url).origin === base.origin, resolver);
  return [...perOperation, rest];
}
