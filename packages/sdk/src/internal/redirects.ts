import { RedirectError, type RedirectRefusal } from '../errors/client-errors';
import type { FetchFunction } from '../options';
import { parseRateLimit } from '../rate-limit';
import { readRequestId } from './request-id';

// Invariant: no request of the SDK leaves the base URL's origin. Requests go out with
// `redirect: 'manual'` (set on the ky instance), so a redirect comes back here instead of being
// followed: one within the origin is followed as fetch would (same rules, same limit of 20),
// one to another origin fails the attempt with RedirectError before anything is sent there.
// Browsers answer a manual redirect with an opaque one (status 0, no Location): the target is
// unknown, so it is refused too. A fetch that follows redirects on its own (ignoring `manual`)
// is caught by the final URL's origin, its body unread.

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 20;
// Headers about the body, dropped when a redirect turns the request into a GET (fetch does).
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

// fetch's rule: a 303 (except for GET and HEAD), and a 301 or 302 of a POST, become a GET
// without a body; every other redirect repeats the method and the body.
function becomesGet(status: number, method: string): boolean {
  if (status === 303) return method !== 'GET' && method !== 'HEAD';
  return (status === 301 || status === 302) && method === 'POST';
}

const drop = (response: Response) => void response.body?.cancel().catch(() => undefined);

// The error of a redirect not followed; its response is dropped unread.
function refused(
  request: Request,
  response: Response,
  refusal: RedirectRefusal,
  targetOrigin?: string,
  status?: number,
): RedirectError {
  drop(response);
  const { method, url } = request;
  // The redirect is an answer: its id and rate-limit state, as every error after one carries.
  const requestId = readRequestId(response.headers);
  const rateLimit = parseRateLimit(response.headers);
  return new RedirectError({ method, url, status, targetOrigin, refusal, requestId, rateLimit });
}

/**
 * Wraps `fetch` (default: the global one, looked up per call so interceptors apply) so that
 * redirects are followed only within `origin`; others fail with {@link RedirectError}. The
 * client's own rule, for requests sent without it: send them with `redirect: 'manual'`, or
 * fetch follows a redirect itself and only its final origin is checked (after the request
 * went there).
 *
 * @example
 * const send = sameOriginRedirects(fetch, new URL(baseUrl).origin);
 * const response = await send(`${baseUrl}/me`, { headers, redirect: 'manual' });
 */
export function sameOriginRedirects(
  fetch: FetchFunction | undefined,
  origin: string,
): FetchFunction {
  return async (input, init) => {
    const send = fetch ?? globalThis.fetch;
    let request = input instanceof Request ? input : new Request(input, init);
    // A redirect that repeats the body needs it again, and the first send uses it up.
    const spare = request.body === null ? undefined : request.clone();
    let body: ArrayBuffer | undefined;
    let response = await send(request, init);
    for (let hops = 0; ; hops++) {
      // A browser tells nothing of a manual redirect: status 0, no headers.
      if (response.type === 'opaqueredirect') throw refused(request, response, 'hidden');
      if (response.redirected && originOf(response.url) !== origin) {
        // Followed by the fetch itself: only the final origin is known, not the status.
        throw refused(request, response, 'origin', originOf(response.url));
      }
      const location = REDIRECT_STATUSES.has(response.status)
        ? response.headers.get('location')
        : null;
      // Not a redirect, or one without a target: the answer as it is (fetch does the same).
      if (location === null) return response;
      const { status } = response;
      const { method, url } = request;
      let target: URL;
      try {
        target = new URL(location, response.url || url);
      } catch {
        throw refused(request, response, 'invalid', undefined, status);
      }
      if (target.origin !== origin) {
        throw refused(request, response, 'origin', target.origin, status);
      }
      // A Request refuses such a URL (a TypeError, taken for a lost connection and retried).
      if (target.username !== '' || target.password !== '') {
        throw refused(request, response, 'credentials', undefined, status);
      }
      if (hops >= MAX_REDIRECTS) throw refused(request, response, 'loop', undefined, status);
      drop(response);
      const toGet = becomesGet(status, method);
      const headers = new Headers(request.headers);
      if (toGet) for (const name of BODY_HEADERS) headers.delete(name);
      if (!toGet && spare !== undefined) body ??= await spare.arrayBuffer();
      request = new Request(target, {
        method: toGet ? 'GET' : method,
        headers,
        body: toGet ? null : (body ?? null),
        signal: request.signal,
        redirect: 'manual',
      });
      // ky's `init` holds only what Request does not know (a dispatcher …): it goes along.
      response = await send(request, init);
    }
  };
}
