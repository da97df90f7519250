import { LIMITS } from '@refapi/schema';
import type { ApiRequest, ApiResponse } from './api-request';
import { errorResponse } from './api-request';

/** Answers any request (API or admin); never throws. */
export type RequestHandler = (request: ApiRequest) => Promise<ApiResponse>;

/** Largest admin body (scenario documents with generated records get big). */
export const ADMIN_BODY_LIMIT = 256 * 1024 * 1024;

/** The body size limit for a path: 64 KiB on the API, more for admin scenario uploads. */
export const bodyLimitFor = (path: string): number =>
  isAdminPath(path) ? ADMIN_BODY_LIMIT : LIMITS.requestBodyBytesMax;

/** Whether a path belongs to the admin API. */
export const isAdminPath = (path: string): boolean =>
  path === '/__admin' || path.startsWith('/__admin/');

/** Routes `/__admin/*` to the admin handler and everything else to the API dispatcher. */
export function createRequestHandler(
  dispatch: RequestHandler,
  admin: RequestHandler,
  onError: (error: unknown) => void,
): RequestHandler {
  return async (request) => {
    if (!isAdminPath(request.path)) return dispatch(request);
    try {
      return await admin(request);
    } catch (error) {
      onError(error);
      return errorResponse(500, 'internal_error');
    }
  };
}
