import type { ApiRequest, ApiResponse } from './api-request';

/** Answers any request (API or admin); never throws. */
export type RequestHandler = (request: ApiRequest) => Promise<ApiResponse>;

/** Whether a path belongs to the admin API. */
export const isAdminPath = (path: string): boolean =>
  path === '/__admin' || path.startsWith('/__admin/');
