import * as httpErrors from '../errors/http-errors';
import { RefApiError, type RefApiErrorInit } from '../errors/ref-error';
import { type StatusErrorKey, statusErrorKey } from '../errors/status-table';
import { parseRateLimit } from '../rate-limit';
import { errorCode, readErrorBody } from './error-body';
import { readRequestId } from './request-id';
import { parseRetryAfter } from './retry-after';

type ErrorCtor = (new (init: RefApiErrorInit) => RefApiError) & { readonly key?: StatusErrorKey };

// Every public class of http-errors.ts carries the STATUS_ERRORS key it stands for.
const classByKey = new Map<StatusErrorKey, ErrorCtor>(
  Object.values(httpErrors as Record<string, ErrorCtor>).flatMap((Ctor) =>
    Ctor.key === undefined ? [] : [[Ctor.key, Ctor] as const],
  ),
);

const conflictStatus = (body: unknown): string | undefined => {
  const value = (body as { status?: unknown } | null)?.status;
  return typeof body === 'object' && typeof value === 'string' ? value : undefined;
};

/** Picks the error class for a failed response and fills it from the `{error, status?}` body. */
export async function errorFromResponse(
  response: Response,
  method: string,
  url: string,
): Promise<RefApiError> {
  // Codes come from the whole body; the error keeps at most its first 64 KiB.
  const { json: body, kept, truncated } = await readErrorBody(response);
  const code = errorCode(body);
  const init: RefApiErrorInit = {
    status: response.status,
    code,
    conflictStatus: response.status === 409 ? conflictStatus(body) : undefined,
    headers: response.headers,
    rateLimit: parseRateLimit(response.headers),
    requestId: readRequestId(response.headers),
    retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
    method,
    url,
    body: kept,
    bodyTruncated: truncated,
  };
  const key = statusErrorKey(response.status, code);
  const Ctor = (key === undefined ? undefined : classByKey.get(key)) ?? RefApiError;
  return new Ctor(init);
}
