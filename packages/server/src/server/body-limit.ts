import { LIMITS } from '@refapi/schema';
import type { AdminToken } from '../admin/admin-token';
import { type ApiResponse, errorResponse, type RequestHead } from '../api/api-request';
import type { RequestContext, Step } from '../api/request-context';
import { isAdminPath } from '../api/request-handler';
import { bearerToken } from '../domain/auth';

/** Default cap of an authenticated admin body (`--max-admin-body`): a scenario with 100k generated records fits. */
export const DEFAULT_ADMIN_BODY_BYTES = 128 * 1024 * 1024;

/** What the body limit needs to know about credentials. */
export interface BodyLimitOptions<H extends RequestHead = RequestHead> {
  readonly adminToken: AdminToken;
  /** Cap of an admin body sent with the admin token or a console session cookie. */
  readonly adminBodyBytes: number;
  /** Whether a `Cookie` header carries a live console session (the console's admin credential). */
  readonly isAdminSession: (cookieHeader: string | undefined) => boolean;
  /** Whether a bearer token is a valid API key (after the state is loaded). */
  readonly isApiKey: (token: string, head: H) => boolean | Promise<boolean>;
  /** Whether the request is for the admin API (the space router knows). Default: by its path. */
  readonly isAdmin?: (head: H) => boolean;
}

/**
 * Credentials first, body second: a request without a valid admin token or API key gets
 * no body read at all, an API request at most the API limit (64 KiB), and only a request
 * carrying the admin token (or the console's session cookie) the large admin limit. So nobody without a credential makes
 * the server buffer anything.
 */
export function createBodyLimit<H extends RequestHead>(
  options: BodyLimitOptions<H>,
): (head: H) => number | Promise<number> {
  const isAdmin = options.isAdmin ?? ((head: H) => isAdminPath(head.path));
  return (head) => {
    const token = bearerToken(head.header('authorization'));
    if (isAdmin(head)) {
      const admin =
        token === undefined
          ? options.isAdminSession(head.header('cookie'))
          : options.adminToken.presentedBy(head);
      return admin ? options.adminBodyBytes : 0;
    }
    if (token === undefined) return 0;
    const valid = options.isApiKey(token, head);
    const limit = (ok: boolean) => (ok ? LIMITS.requestBodyBytesMax : 0);
    return typeof valid === 'boolean' ? limit(valid) : valid.then(limit);
  };
}

/**
 * The chain's step that reads the body, once the credentials said how much may be read
 * (`limit`, from the headers alone): none at all (the body stays unread and the connection
 * closes after the answer), or up to the limit (past it the request is flagged too large
 * and the pipeline answers 413). A body that does not arrive in time is a 408; one cut off
 * before its end (refused by node's parser, or its connection closed) is never run.
 */
export function bodyReader<R extends RequestContext>(
  limit: (head: R) => number | Promise<number>,
  /** Headers of the 408 (the API's rate-limit headers); none without. */
  timedOutHeaders?: (request: R) => Record<string, string> | undefined,
): Step<R> {
  // No body to read (most GETs): straight on, without a promise of its own.
  return (request, next) => (request.readBody === undefined ? next() : readBody(request, next));

  async function readBody(request: R, next: () => Promise<ApiResponse>): Promise<ApiResponse> {
    const read = request.readBody as NonNullable<R['readBody']>;
    const allowed = limit(request);
    const bytes = typeof allowed === 'number' ? allowed : await allowed;
    if (bytes === 0) {
      request.close = true;
      return next();
    }
    const { body, tooLarge, timedOut, notUtf8, cutOff } = await read(bytes);
    if (timedOut === true) {
      request.close = true;
      return errorResponse(408, 'request_timeout', timedOutHeaders?.(request));
    }
    // Never run on the part that arrived. The transport has answered (node's parser refused
    // the rest: 400, unparsed-requests.ts) or the client is gone: no one reads this answer.
    if (cutOff === true) {
      request.close = true;
      return errorResponse(400, 'malformed_request', timedOutHeaders?.(request));
    }
    request.body = body;
    request.bodyTooLarge = tooLarge;
    request.bodyNotUtf8 = notUtf8 === true;
    if (tooLarge) request.close = true;
    return next();
  }
}
