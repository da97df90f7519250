import type { ServerContext } from '../state/server-context';
import type { ApiRequest, ApiResponse } from './api-request';
import type { RequestKeys } from './request-key';

/** What only the dispatcher knows about a request it answered. */
export interface RequestFacts {
  readonly operation: string | null;
  readonly account_ref: string | null;
  /** Server time when the request was received (epoch ms). */
  readonly receivedMs: number;
  readonly duration_ms: number;
  readonly fault: string | null;
}

/** The server context as the API's dispatcher and stages see it: plus the HTTP plumbing. */
export interface ApiContext extends ServerContext {
  /** The API key of each request, authenticated once (body limit, then pipeline). */
  readonly requestKeys: RequestKeys;
  /** Called once per API request after its response is decided. */
  readonly onRequest: (request: ApiRequest, response: ApiResponse, facts: RequestFacts) => void;
}
