import { spacePath } from '../admin/admin-paths';
import { errorResponse } from '../api/api-request';
import type { RequestContext, Step } from '../api/request-context';
import { isAdminPath } from '../api/request-handler';
import type { SpaceRuntime } from '../spaces/space-runtime';
import { isOpenApiDocumentPath } from './openapi-path';

/** A request as the chain knows it once routed: the state that answers it, and for which API. */
export interface RoutedRequest extends RequestContext {
  /** Set by the space router: the root, or the space of `/spaces/{id}/…`. */
  runtime?: SpaceRuntime;
  /** Set by the space router: the request is for the admin API (`/__admin/…` in its state). */
  admin?: boolean;
  /** Set by the space router: the request is for the state's OpenAPI document (`/openapi.json`). */
  document?: boolean;
}

/**
 * The chain's step that finds the state a request is for, once: a space for
 * `/spaces/{id}/…` (404 `space_not_found` when it does not exist; on its API, with the
 * rate-limit headers `missingSpaceWindow` gives, as every API answer has), the root for every other
 * path. A space's admin API is the root's routes on the space's state, so its path loses
 * `/spaces/{id}`; a space's API serves its own base path (`/spaces/{id}/v1`), so API paths
 * stay whole. The OpenAPI document is `/openapi.json` in either (the path stays whole).
 */
export function spaceRouter(
  root: SpaceRuntime,
  space: (id: string) => SpaceRuntime | undefined,
  missingSpaceWindow?: (request: RoutedRequest) => Record<string, string> | undefined,
): Step<RoutedRequest> {
  return (request, next) => {
    const inSpace = spacePath(request.path);
    if (inSpace === undefined) {
      request.runtime = root;
      request.admin = isAdminPath(request.path);
      request.document = isOpenApiDocumentPath(request.path);
      return next();
    }
    const { inner } = inSpace;
    const admin = isAdminPath(inner);
    const document = isOpenApiDocumentPath(inner);
    const runtime = space(inSpace.id);
    if (runtime === undefined) {
      const onApi = !admin && !document;
      return errorResponse(404, 'space_not_found', onApi ? missingSpaceWindow?.(request) : {});
    }
    request.runtime = runtime;
    request.admin = admin;
    request.document = document;
    if (request.admin) request.path = inner;
    return next();
  };
}
