import type { AuthenticatedKey } from '../../domain/auth';
import { DomainError } from '../../domain/errors';
import type { RateDecision } from '../../domain/rate-limit';
import type { ServerContext } from '../../state/server-context';
import type { ApiRequest } from '../api-request';
import type { RouteMatch } from '../route-table';
import type { Admission } from './state';

/** The limiter's subject of a request without a valid key: its source address. */
export const addressSubject = (sourceAddress: string): string => `addr:${sourceAddress}`;

/**
 * Counts the request against its subject's window (a key, or the source address without
 * one) — every request counts, unknown paths too, so it happens before any stage decides.
 */
export function countRequest(
  ctx: ServerContext,
  request: ApiRequest,
  match: RouteMatch,
  key: AuthenticatedKey | undefined,
  nowMs: number,
): RateDecision {
  // Without a valid key, the address's read window (reference spec, section 6), whatever the
  // route: a keyless POST had been counted under the write limit.
  if (key === undefined) {
    return ctx.rateLimiter.hit(addressSubject(request.sourceAddress), 'read', nowMs);
  }
  const access = match.kind === 'operation' ? match.op.access : 'read';
  return ctx.rateLimiter.hit(key.id, access, nowMs);
}

/** 429 once the subject's window is spent. */
export function rateLimit(state: Admission): void {
  if (!state.decision.allowed) throw new DomainError(429, 'rate_limit_exceeded');
}
