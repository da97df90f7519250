import type { ApiRequest } from '../api/api-request';

/**
 * The origin a client reached the server at, for the URLs the server hands back (a space's
 * `base_url`, the OpenAPI document's `servers`): the one its transport read from the request
 * (in-process: the Request's URL), else the request's Host (node:http) with the scheme a
 * proxy that ended TLS names in `X-Forwarded-Proto` (`https`; `http` by default), else
 * `fallback` (the base URL's origin) for a request without a Host or with one that is not a
 * bare `host[:port]`. The header is taken from anyone: it only changes the URLs this client
 * is handed, and only to `http` or `https`.
 *
 * Reflecting the Host is safe where it matters: bound to a loopback address, node:http has
 * refused every Host but the allowed ones before the request chain runs (`allowed-hosts.ts`),
 * so a DNS-rebinding page never gets its own name back.
 */
export function requestOrigin(request: ApiRequest, fallback: string): string {
  if (request.origin !== undefined) return request.origin;
  const host = request.header('host');
  if (host === undefined || host === '') return fallback;
  let url: URL;
  try {
    url = new URL(`${forwardedScheme(request.header('x-forwarded-proto'))}://${host}`);
  } catch {
    return fallback;
  }
  // A Host with a path, query, fragment or user part would make every URL built on it wrong.
  const bare =
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '' &&
    !/[/?#@\\]/.test(host);
  return bare ? url.origin : fallback;
}

/** The client's scheme of `X-Forwarded-Proto` (the first of a proxy chain's), `http` unless `https`. */
function forwardedScheme(header: string | undefined): 'http' | 'https' {
  const first = header?.split(',', 1)[0]?.trim().toLowerCase();
  return first === 'https' ? 'https' : 'http';
}
