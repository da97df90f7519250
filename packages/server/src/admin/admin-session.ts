import { type ApiResponse, errorResponse, jsonResponse } from '../api/api-request';
import { base64UrlEncode } from '../internal/base64url';
import { randomBytes, sha256Hex } from '../internal/crypto';
import type { SignInCodeIssued } from '../wire/admin-wire';
import { ADMIN_PATHS, SPACES_BASE } from './admin-paths';
import { SignInCodes } from './sign-in-codes';

/** Name of the console's session cookie. */
const SESSION_COOKIE = 'refapi_admin';
/** Sessions kept at once; the oldest is dropped beyond it (a login per browser tab is plenty). */
export const MAX_SESSIONS = 64;

// The cookie is sent to the admin API, the spaces' (`/spaces/{id}/__admin`: a cookie path
// cannot name only those, and the API under `/spaces/{id}/v1` ignores cookies) and the
// console's pages, nowhere else.
const COOKIE_PATHS = [ADMIN_PATHS.base, '/__console', SPACES_BASE] as const;
const ATTRIBUTES = 'HttpOnly; SameSite=Strict';

/**
 * The header of `POST /__admin/session` carrying a sign-in code instead of the admin token.
 * A header, not a body: nobody without a credential gets a body read (see `body-limit.ts`),
 * and no cross-site page can send it (no login CSRF).
 */
export const SIGN_IN_CODE_HEADER = 'x-refapi-sign-in-code';

/**
 * Console sessions: the admin token is exchanged once for a random session id held in an
 * HttpOnly cookie. Only SHA-256 digests of the ids are kept, and lookups go by digest, so
 * neither memory nor lookup timing reveals a live id.
 */
export class AdminSessions {
  readonly #digests = new Set<string>();
  /** The one-time codes of the console's sign-in link (each opens one session). */
  readonly codes: SignInCodes;

  /** `now`: the real-time clock of the sign-in codes' expiry (tests inject their own). */
  constructor({ now }: { now?: () => number } = {}) {
    this.codes = new SignInCodes(now);
  }

  /** Opens a session; returns its id (the cookie value). */
  create(): string {
    const id = base64UrlEncode(randomBytes(32));
    if (this.#digests.size >= MAX_SESSIONS) {
      const oldest = this.#digests.values().next().value as string;
      this.#digests.delete(oldest);
    }
    this.#digests.add(sha256Hex(id));
    return id;
  }

  /** Whether `id` is a live session. */
  has(id: string | undefined): boolean {
    return id !== undefined && this.#digests.has(sha256Hex(id));
  }

  /** Ends a session (no-op when unknown). */
  delete(id: string | undefined): void {
    if (id !== undefined) this.#digests.delete(sha256Hex(id));
  }
}

/** The session id of a `Cookie` header, if it carries one. */
export function sessionIdFrom(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

/** The `Set-Cookie` values that open a session (admin API, spaces and console paths). */
export const sessionCookies = (id: string): string[] =>
  COOKIE_PATHS.map((path) => `${SESSION_COOKIE}=${id}; ${ATTRIBUTES}; Path=${path}`);

/** The `Set-Cookie` values that expire the session cookies. */
export const expiredSessionCookies = (): string[] =>
  COOKIE_PATHS.map((path) => `${SESSION_COOKIE}=; ${ATTRIBUTES}; Path=${path}; Max-Age=0`);

/** `POST /__admin/session/codes` (the token checked): 201 with a new one-time code. */
export function issueSignInCode(sessions: AdminSessions): ApiResponse {
  const { code, expiresAt } = sessions.codes.issue();
  const body: SignInCodeIssued = { code, expires_at: new Date(expiresAt).toISOString() };
  return jsonResponse(201, body);
}

/**
 * `POST /__admin/session` with a sign-in code: the session cookies the first time, else 401
 * saying whether the code was used, expired or unknown (e.g. issued before a restart).
 */
export function redeemSignInCode(sessions: AdminSessions, code: string): ApiResponse {
  const outcome = sessions.codes.redeem(code);
  if (outcome !== 'signed_in')
    return errorResponse(401, `invalid_admin_token: sign-in code ${outcome}`);
  return { status: 204, headers: {}, body: '', cookies: sessionCookies(sessions.create()) };
}
