import { LIMITS } from '@refapi/schema';
import type { AdminToken } from '../admin/admin-token';
import type { RequestHead } from '../api/api-request';
import { type BodyLimit, isAdminPath } from '../api/request-handler';
import { bearerToken } from '../domain/auth';

/** Default cap of an authenticated admin body (`--max-admin-body`): a scenario with 100k generated records fits. */
export const DEFAULT_ADMIN_BODY_BYTES = 128 * 1024 * 1024;

/** What the body limit needs to know about credentials. */
export interface BodyLimitOptions {
  readonly adminToken: AdminToken;
  /** Cap of an admin body sent with the admin token or a console session cookie. */
  readonly adminBodyBytes: number;
  /** Whether a `Cookie` header carries a live console session (the console's admin credential). */
  readonly isAdminSession: (cookieHeader: string | undefined) => boolean;
  /** Whether a bearer token is a valid API key (after the state is loaded). */
  readonly isApiKey: (token: string, head: RequestHead) => boolean | Promise<boolean>;
  /**
   * The request as the state it is for sees it (for `/spaces/{id}/__admin/x`, a view whose
   * path is `/__admin/x`); undefined when that state does not exist. Default: the request.
   */
  readonly scope?: (head: RequestHead) => RequestHead | undefined;
}

/**
 * Credentials first, body second: a request without a valid admin token or API key gets
 * no body read at all, an API request at most the API limit (64 KiB), and only a request
 * carrying the admin token (or the console's session cookie) the large admin limit. So nobody without a credential makes
 * the server buffer anything.
 */
export function createBodyLimit(options: BodyLimitOptions): BodyLimit {
  return (request) => {
    const head = options.scope === undefined ? request : options.scope(request);
    if (head === undefined) return 0;
    const token = bearerToken(head.header('authorization'));
    if (isAdminPath(head.path)) {
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
