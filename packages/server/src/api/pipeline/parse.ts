import { DomainError } from '../../domain/errors';
import { parseJsonBody } from '../body-text';
import { bodyHeaderRefusal, hasBodyText } from '../content-type';
import type { OperationState } from './state';

/**
 * 413 for a body over the limit; any body must be sent without a content coding (400
 * `invalid_header: Content-Encoding`) and declared JSON (400 `invalid_content_type`) and, when
 * the operation takes one, be JSON in UTF-8 (400 `invalid_json`). A request without a body
 * needs no Content-Type (DELETE, presets).
 */
export function parse(state: OperationState): void {
  const request = state.request;
  if (request.bodyTooLarge) throw new DomainError(413, 'body_too_large');
  if (!hasBodyText(request.body)) return;
  const refused = bodyHeaderRefusal(request);
  if (refused !== undefined) throw new DomainError(400, refused);
  if (state.op.body === undefined) return;
  try {
    state.json = parseJsonBody(request);
  } catch {
    throw new DomainError(400, 'invalid_json');
  }
}
