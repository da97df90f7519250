import { type RouteDef, routes } from '@refapi/schema/client';
import { UsageError } from '../errors/cli-error';

// Where `refctl api PATH` goes: PATH relative to the base URL, with or without its `/v1`
// (`me`, `/me`, `/v1/me` are one request), and the contract operation it is, if any, so
// an operation that requires an Idempotency-Key gets one.

/** A request target: the URL to call and the path as the contract writes it. */
export interface ApiTarget {
  readonly url: URL;
  /** The path below the base URL, e.g. `/services/REF-SVC-101`. */
  readonly path: string;
}

/** `http://host/v1` + `/v1/services?type=kvm` → `http://host/v1/services?type=kvm`. */
export function apiTarget(baseUrl: string, given: string): ApiTarget {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(given)) {
    throw new UsageError(
      `give a path such as /me, not a URL: the base URL comes from --base-url, REF_BASE_URL or the profile`,
      'invalid_input',
    );
  }
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const query = given.indexOf('?');
  const path = belowBase(
    basePath,
    `/${(query === -1 ? given : given.slice(0, query)).replace(/^\/+/, '')}`,
  );
  const url = new URL(`${base.origin}${basePath}${path}`);
  if (query !== -1) url.search = given.slice(query + 1);
  // URL resolves `..` and `%2e%2e` segments: `/../__admin/state` would send the profile's
  // key outside the base URL (to the admin API; from a space's base URL, to the root's).
  if (basePath !== '' && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) {
    throw new UsageError(
      `the path ${JSON.stringify(given)} leaves the base URL ${base.origin}${basePath}`,
      'invalid_input',
    );
  }
  return { url, path: url.pathname.slice(basePath.length) || '/' };
}

/**
 * `path` without what the base path already holds: the whole base path, or its tail, so
 * `/v1/me` is `/me` against `/v1` as against a space's `/spaces/sp_…/v1`.
 */
function belowBase(basePath: string, path: string): string {
  const segments = basePath.split('/').filter((s) => s !== '');
  for (let i = 0; i < segments.length; i++) {
    const tail = `/${segments.slice(i).join('/')}`;
    if (path === tail || path.startsWith(`${tail}/`)) return path.slice(tail.length) || '/';
  }
  return path;
}

const TEMPLATES = Object.values(routes as Record<string, RouteDef>).map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  // `/services/stats` is its own operation, not `/services/{service_ref}`.
  params: (route.path.match(/\{/g) ?? []).length,
}));

/** The contract operation of `method` and `path` (e.g. `POST /orders`), if there is one. */
export function findRoute(method: string, path: string): RouteDef | undefined {
  return TEMPLATES.filter(({ route, pattern }) => route.method === method && pattern.test(path))
    .sort((a, b) => a.params - b.params)
    .at(0)?.route;
}
