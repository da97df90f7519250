import type { RateLimitState } from './rate-limit';

/** Metadata every object result carries as a non-enumerable property (it never shows in JSON). */
export interface ResultMeta {
  /** Parsed `RateLimit-*` headers of the response that produced this result. */
  readonly rateLimit: RateLimitState | undefined;
  /** The server's `Request-Id` of that response (undefined when it sent none). */
  readonly requestId: string | undefined;
}

/** An object result with its metadata; primitives (CSV text, empty 202 bodies) stay as they are. */
export type ApiResult<T> = T extends object ? T & ResultMeta : T;

/** The order result also says whether the server replayed a completed earlier request. */
export interface OrderMeta {
  /** True when this key was already completed and the stored result was returned. */
  readonly idempotentReplayed: boolean;
}
