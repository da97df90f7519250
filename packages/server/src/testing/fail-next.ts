import type { OperationDef } from '@refapi/schema';
import { type HttpHandler, http } from 'msw';
import { RouteTable } from '../api/route-table';

const byMethod = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;
const routes = new RouteTable();

/**
 * A one-shot msw handler for the operation's method and path under `baseUrl`, matched
 * through the contract's route table (so `/services/stats` is never a service ref).
 */
export function failNextHandler(
  op: OperationDef,
  baseUrl: string,
  respond: (request: Request) => Response | Promise<Response>,
): HttpHandler {
  const base = new URL(baseUrl);
  const root = base.pathname.replace(/\/+$/, '');
  const matches = (request: Request): boolean => {
    const url = new URL(request.url);
    if (url.origin !== base.origin || !url.pathname.startsWith(`${root}/`)) return false;
    const match = routes.match(op.method, url.pathname.slice(root.length));
    return match.kind === 'operation' && match.op === op;
  };
  return byMethod[op.method](
    ({ request }) => matches(request),
    ({ request }) => respond(request),
    {
      once: true,
    },
  );
}
