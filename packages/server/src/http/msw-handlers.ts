import { operationList } from '@refapi/schema';
import { type HttpHandler, http } from 'msw';
import type { RequestHandler } from './request-handler';
import { fromWebRequest, toWebResponse } from './web-adapter';

const byMethod = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/**
 * msw handlers for a base URL: one per contract operation, then catch-alls so unknown
 * paths (404), other methods (405) and the admin API are answered too.
 */
export function createMswHandlers(handle: RequestHandler, baseUrl: string): HttpHandler[] {
  const base = new URL(baseUrl);
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  const resolver = async ({ request }: { request: Request }) =>
    toWebResponse(await handle(await fromWebRequest(request)));
  const perOperation = operationList.map((op) =>
    byMethod[op.method](`${root}${op.path.replace(/\{(\w+)\}/g, ':$1')}`, resolver),
  );
  return [
    ...perOperation,
    http.all(`${base.origin}/__admin/*`, resolver),
    http.all(`${root}/*`, resolver),
    http.all(root, resolver),
  ];
}
