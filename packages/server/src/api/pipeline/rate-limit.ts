import type { AuthenticatedKey } from '../../domain/auth';
import { DomainError } from '../../domain/errors';
import type { AccessKind, RateDecision } from '../../domain/rate-limit';
import type { ServerContext } from '../../state/server-context';
import type { ApiRequest } from '../api-request';
import type { RouteMatch } from '../route-table';
import type { Admission } from './state';

/** The limiter's subject of a request without a valid key: its source address. */
export const addressSubject = (sourceAddress: string): string => `addr:${sourceAddress}`;

/** Whose window a request counts in: its key's, else its source address's. */
export const windowSubject = (key: AuthenticatedKey | undefined, sourceAddress: string): string =>
  key?.id ?? addressSubject(sourceAddress);

/**
 * Which of that window's counts: its route's access with a key; without a valid key the
 * address's read window whatever the route (reference spec, section 6: a keyless POST had
 * been counted under the write limit).
 */
export const windowAccess = (match: RouteMatch, key: AuthenticatedKey | undefined): AccessKind =>
  key !== undefined && match.kind === 'operation' ? match.op.access : 'read';

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
  return ctx.rateLimiter.hit(
    windowSubject(key, request.sourceAddress),
    windowAccess(match, key),
    nowMs,
  );
}

/** 429 once the subject's window is spent. */
export function rateLimit(state: Admission): void {
  if (!state.decision.allowed) throw new DomainError(429, 'rate_limit_exceeded');
}
