import type { RateLimitState } from './rate-limit';

// As in stripe-node (`lastResponse`) and openai-node (`_request_id`), the metadata of a
// result is a non-enumerable property: it never shows in JSON, a log line or a spread of
// the data. It is declared as class getters because TypeScript drops a class's accessors
// from the type of a spread too: `{...account}.requestId` does not compile, as it would be
// undefined at run time. `withResponse()` hands out the same metadata beside the data.

/**
 * Metadata every object result carries as non-enumerable properties: `JSON.stringify`, a
 * spread (`{...result}`) or `structuredClone` drops them. Keep them with `withResponse()`,
 * which returns `{ data, response, rateLimit, requestId }`.
 */
export declare abstract class ResultMeta {
  /** Parsed `RateLimit-*` headers of the response that produced this result. */
  get rateLimit(): RateLimitState | undefined;
  /** The server's `Request-Id` of that response (undefined when it sent none). */
  get requestId(): string | undefined;
}

/** An object result with its metadata; primitives (CSV text, empty 202 bodies) stay as they are. */
export type ApiResult<T> = T extends object ? T & ResultMeta : T;

/**
 * The order result's replay flag under its former SDK name, non-enumerable like
 * {@link ResultMeta}.
 * @deprecated Read `idempotent_replayed`, the response's own field (it also reflects the
 * `Idempotent-Replayed` header); this alias goes in the next minor version.
 */
export declare abstract class OrderMeta {
  /**
   * True when the stored result of an earlier call with the same key was returned.
   * @deprecated Read `idempotent_replayed`; this alias goes in the next minor version.
   */
  get idempotentReplayed(): boolean;
}
