import { DomainError } from '../../domain/errors';
import type { Admission } from './state';

/** 404 for an unknown path, 405 (with `Allow`) for a known path with another method. */
export function route(state: Admission): void {
  const match = state.route;
  if (match.kind === 'not_found') throw new DomainError(404, 'not_found');
  if (match.kind === 'method_not_allowed') {
    throw new DomainError(405, 'method_not_allowed', { headers: { allow: match.allow } });
  }
}
