import type { RateDecision } from '../domain/rate-limit';

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
