import type { RequestHead } from '../api/api-request';
import { isAdminPath } from '../api/request-handler';
import type { SpaceRuntime } from '../spaces/space-runtime';

/** A request bound to the state that answers it. */
export interface Routed<R extends RequestHead = RequestHead> {
  readonly runtime: SpaceRuntime;
  /**
   * The request itself, except for a space's admin API: there a view of it whose path
   * lacks `/spaces/{id}` (the admin routes are the root's). A space's API serves its own
   * base path (`/spaces/{id}/v1`), so API requests go through untouched.
   */
  readonly request: R;
}

const SPACE_PREFIX = '/spaces/';

/**
 * Finds the state a request is for: a space for `/spaces/{id}/…` (undefined when the space
 * does not exist), the root for every other path. The answer is kept per request object, so
 * the body limit and the handler (which see the same object, its body added in between)
 * route it once and share what was learnt of it (its authenticated key).
 */
export function createSpaceRouter(
  root: SpaceRuntime,
  space: (id: string) => SpaceRuntime | undefined,
): <R extends RequestHead>(request: R) => Routed<R> | undefined {
  const routed = new WeakMap<RequestHead, Routed | undefined>();
  return <R extends RequestHead>(request: R) => {
    if (!request.path.startsWith(SPACE_PREFIX)) return { runtime: root, request };
    if (routed.has(request)) return routed.get(request) as Routed<R> | undefined;
    const end = request.path.indexOf('/', SPACE_PREFIX.length);
    const id = request.path.slice(SPACE_PREFIX.length, end === -1 ? undefined : end);
    const runtime = space(id);
    const inner = end === -1 ? '/' : request.path.slice(end);
    // For the admin routes, a view with the path inside the space; all else (headers, the
    // body the transport adds later) is read through to the request itself.
    const answer =
      runtime === undefined
        ? undefined
        : {
            runtime,
            request: isAdminPath(inner)
              ? (Object.create(request, { path: { value: inner, enumerable: true } }) as R)
              : request,
          };
    routed.set(request, answer);
    return answer;
  };
}
