import { spacePath } from '../admin/admin-paths';
import type { ApiRequest, ApiResponse } from '../api/api-request';
import { isAdminPath, type RequestHandler } from '../api/request-handler';
import { requestIdOf } from '../api/request-id';

/**
 * Origins allowed to call the API from a browser: `'*'` for any, or a list of origins
 * (`https://app.example.com`); a port of `*` allows any port (`http://localhost:*`).
 */
export type CorsOrigins = '*' | readonly string[];

/**
 * The `RateLimit-*` headers of an answer given before any key is read, for a request of
 * `path` from `sourceAddress` (its address's read window, not counted; the root's for a
 * space that does not exist); undefined when the path is not the API's (admin, console).
 */
export type RefusalWindow = (
  path: string,
  sourceAddress: string,
) => Record<string, string> | undefined;

/** Default: any port on localhost and 127.0.0.1, over http (dev servers). */
export const DEFAULT_CORS_ORIGINS: CorsOrigins = ['http://localhost:*', 'http://127.0.0.1:*'];

const ALLOW_METHODS = 'GET, POST, PUT, DELETE';
const ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key';
const EXPOSE_HEADERS =
  'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Idempotent-Replayed, Request-Id';
const PREFLIGHT_MAX_AGE = '600';

/** Checks one origin pattern; returns an error message or undefined. */
function corsOriginError(pattern: string): string | undefined {
  const concrete = pattern.endsWith(':*') ? `${pattern.slice(0, -2)}:1` : pattern;
  let url: URL;
  try {
    url = new URL(concrete);
  } catch {
    return `"${pattern}" is not an origin (scheme://host[:port])`;
  }
  const expected = pattern.endsWith(':*') ? `${url.protocol}//${url.hostname}:1` : url.origin;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || expected !== concrete) {
    return `"${pattern}" is not an origin (scheme://host[:port], no path)`;
  }
  return undefined;
}

/** Parses `--cors`: `*` or a comma list of origins; throws a TypeError naming a bad one. */
export function parseCorsOrigins(value: string): CorsOrigins {
  if (value.trim() === '*') return '*';
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  if (origins.length === 0) throw new TypeError('--cors needs * or a comma list of origins');
  for (const origin of origins) {
    const error = corsOriginError(origin);
    if (error !== undefined) throw new TypeError(`--cors: ${error}`);
  }
  return origins;
}

/** Whether `origin` (a request's Origin header) is allowed. */
export function corsAllows(origins: CorsOrigins, origin: string): boolean {
  if (origins === '*') return true;
  return origins.some((pattern) => {
    if (!pattern.endsWith(':*')) return pattern === origin;
    const prefix = pattern.slice(0, -1);
    return origin.startsWith(prefix) && /^\d{1,5}$/.test(origin.slice(prefix.length));
  });
}

// The admin API and the console are same-origin only: a page elsewhere on localhost must not
// reach them with the console's cookie (see the CSRF header rule in admin-routes.ts). A
// space's admin API (`/spaces/{id}/__admin/…`) is the admin API too; its API stays open.
// This step runs before the space router, so it finds the space's inner path itself.
/** Whether `path` is the API's (root or space), not the admin API's or the console's. */
export function isApiPath(path: string): boolean {
  if (path === '/__console' || path.startsWith('/__console/')) return false;
  return !isAdminPath(spacePath(path)?.inner ?? path);
}

function isPreflight(request: ApiRequest): boolean {
  return (
    request.method === 'OPTIONS' && request.header('access-control-request-method') !== undefined
  );
}

/**
 * The chain's CORS step (over node:http): preflights from allowed origins answer 204 with
 * the methods and headers the API takes; responses to allowed origins name the origin and
 * expose the headers clients act on (rate limits, retries, replays, request ids).
 */
export function corsStep(
  origins: CorsOrigins,
  /** The `RateLimit-*` headers of an API answer given before any key is read. */
  windowOf?: RefusalWindow,
): (request: ApiRequest, next: () => Promise<ApiResponse>) => Promise<ApiResponse> {
  // Not async: a request without an allowed Origin (every non-browser call) passes
  // straight through, without a promise of this step's own.
  return (request, next) => {
    const origin = request.header('origin');
    if (origin === undefined || !isApiPath(request.path) || !corsAllows(origins, origin)) {
      return next();
    }
    if (isPreflight(request)) {
      const response: ApiResponse = {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': ALLOW_METHODS,
          'access-control-allow-headers': ALLOW_HEADERS,
          'access-control-max-age': PREFLIGHT_MAX_AGE,
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
          'request-id': requestIdOf(request),
          // Reported, not counted: a browser sends a preflight on its own before a call
          // (the call itself counts), and a preflight refused 429 would hide the call's
          // answer, Retry-After and all, from the page. Preflights carry no key.
          ...windowOf?.(request.path, request.sourceAddress),
        },
        body: '',
      };
      return Promise.resolve(response);
    }
    return next().then((response) => {
      response.headers['access-control-allow-origin'] = origin;
      response.headers['access-control-expose-headers'] = EXPOSE_HEADERS;
      response.headers.vary = 'Origin';
      return response;
    });
  };
}

/** `handle` behind the CORS step (outside the request chain). */
export function withCors(handle: RequestHandler, origins: CorsOrigins): RequestHandler {
  const cors = corsStep(origins);
  return (request) => cors(request, () => handle(request));
}
