import type { ApiRequest, ApiResponse } from './api-request';
import { errorResponse } from './api-request';

/** Answers any request (API or admin); never throws. */
export type RequestHandler = (request: ApiRequest) => Promise<ApiResponse>;

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
