import type { RouteDef, RouteId } from '@refapi/schema';
import { loadSuccessSchema } from '@refapi/schema/client';
import type { z } from 'zod';
import { ResponseValidationError } from '../errors/client-errors';
import { parseRateLimit } from '../rate-limit';
import { bodyBytes, bodyText } from './bounded-fetch';
import { keptBody } from './error-body';
import { readRequestId } from './request-id';
import type { ResponseChecker } from './response-check';
import type { SendInit, Transport } from './transport';

const notJson = (): z.core.$ZodIssue[] => [
  { code: 'custom', path: [], message: 'response body is not valid JSON' },
];

/** The request a response answers: its URL is built only when an error names it. */
interface SentRequest {
  readonly transport: Pick<Transport, 'urlOf'>;
  readonly init: Pick<SendInit, 'path' | 'query'>;
}

/**
 * Reads a successful response: JSON (checked against the success schema in the checker's
 * mode), CSV text for exports, nothing for operations without a body schema. `sent` names the
 * request in an error when the response has no `url` (an in-process fetch's).
 */
export async function readSuccess(
  route: RouteDef,
  response: Response,
  checker: ResponseChecker,
  sent: SentRequest,
): Promise<unknown> {
  // The transport has read the body already (and so freed the connection).
  if (route.success.empty) return undefined;
  if (route.success.csv && response.headers.get('content-type')?.includes('text/csv')) {
    return bodyText(response);
  }
  // A string when the transport read the body (always, but for a custom ky): no extra await.
  const read = bodyText(response);
  const text = typeof read === 'string' ? read : await read;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid(route, response, sent, notJson(), text, text);
  }
  if (checker.mode === false) return body;
  // Built on the first response of the operation (its schema module only), then settled.
  const schema = await loadSuccessSchema(route.operationId as RouteId);
  if (schema === undefined) return body;
  const checked = checker.check(route, schema, body);
  if (!checked.ok) throw invalid(route, response, sent, checked.issues, body, text);
  return checked.data;
}

// A function of its own, not a closure per call: it runs only when a response is refused.
function invalid(
  route: RouteDef,
  response: Response,
  sent: SentRequest,
  issues: z.core.$ZodIssue[],
  body: unknown,
  text: string,
): ResponseValidationError {
  // At most the first 64 KiB of the body, as an API error keeps; issues come from all of it.
  const read = bodyBytes(response);
  const bytes = read instanceof Uint8Array ? read : new TextEncoder().encode(text);
  const { kept, truncated } = keptBody(bytes, body);
  return new ResponseValidationError({
    operationId: route.operationId,
    status: response.status,
    // A constructed Response (the reference server's in-process fetch, msw) has an empty url.
    url: response.url || sent.transport.urlOf(sent.init),
    issues,
    body: kept,
    bodyTruncated: truncated,
    rateLimit: parseRateLimit(response.headers),
    requestId: readRequestId(response.headers),
  });
}
