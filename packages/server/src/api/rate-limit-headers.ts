import type { RateDecision } from '../domain/rate-limit';
import type { ApiContext } from './api-context';
import { addressSubject } from './pipeline/rate-limit';

/** The `RateLimit-*` headers every API response carries (plus `Retry-After` on 429). */
export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    'ratelimit-reset': String(decision.resetSeconds),
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.resetSeconds);
  return headers;
}

/**
 * The `RateLimit-*` headers of an API answer given before any key is read (Host refused,
 * connection cap, what node's parser refuses, CORS preflights): such a request has no valid
 * key, so its window is its source address's read window (reference spec section 6). Only
 * reported, never counted (`RateLimiter.peek`): see where each is given for why.
 */
export function addressWindowHeaders(
  ctx: Pick<ApiContext, 'rateLimiter' | 'clock'>,
  sourceAddress: string,
): Record<string, string> {
  return rateLimitHeaders(
    ctx.rateLimiter.peek(addressSubject(sourceAddress), 'read', ctx.clock.nowMs()),
  );
}
