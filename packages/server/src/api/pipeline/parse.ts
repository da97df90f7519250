import { DomainError } from '../../domain/errors';
import { parseJsonBody } from '../body-text';
import { hasBodyText, isJsonContentType } from '../content-type';
import type { OperationState } from './state';

/**
 * 413 for a body over the limit; any body must be declared JSON (400 `invalid_content_type`)
 * and, when the operation takes one, be JSON in UTF-8 (400 `invalid_json`). A request
 * without a body needs no Content-Type (DELETE, presets).
 */
export function parse(state: OperationState): void {
  const request = state.request;
  if (request.bodyTooLarge) throw new DomainError(413, 'body_too_large');
  if (!hasBodyText(request.body)) return;
  if (!isJsonContentType(request.header('content-type'))) {
    throw new DomainError(400, 'invalid_content_type');
  }
  if (state.op.body === undefined) return;
  try {
    state.json = parseJsonBody(request);
  } catch {
    throw new DomainError(400, 'invalid_json');
  }
}
