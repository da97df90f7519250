import type { ApiRequest, ApiResponse, RequestHead } from './api-request';
import type { RequestContext } from './request-context';

/** Answers an API request (a state's dispatcher); never throws. */
export type RequestHandler = (request: ApiRequest) => Promise<ApiResponse>;

/** Answers any request its transport hands over (the request chain); never throws. */
export type ContextHandler = (request: RequestContext) => Promise<ApiResponse>;

/** Whether a path belongs to the admin API. */
export const isAdminPath = (path: string): boolean =>
  path === '/__admin' || path.startsWith('/__admin/');

/**
 * How many body bytes to read for a request, decided from its head alone: 0 leaves the
 * body unread (the handler answers from the headers, e.g. 401), more than that is the cap
 * past which reading stops and the handler answers 413.
 */
export type BodyLimit = (head: RequestHead) => number | Promise<number>;
