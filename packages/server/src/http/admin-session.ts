import { base64UrlEncode } from '../internal/base64url';
import { randomBytes, sha256, toHex } from '../internal/crypto';

/** Name of the console's session cookie. */
const SESSION_COOKIE = 'refapi_admin';
/** Sessions kept at once; the oldest is dropped beyond it (a login per browser tab is plenty). */
export const MAX_SESSIONS = 64;

// The cookie is sent to the admin API and to the console's pages, nowhere else.
const COOKIE_PATHS = ['/__admin', '/__console'] as const;
const ATTRIBUTES = 'HttpOnly; SameSite=Strict';

/**
 * Console sessions: the admin token is exchanged once for a random session id held in an
 * HttpOnly cookie. Only SHA-256 digests of the ids are kept, and lookups go by digest, so
 * neither memory nor lookup timing reveals a live id.
 */
export class AdminSessions {
  readonly #digests = new Set<string>();

  /** Opens a session; returns its id (the cookie value). */
  create(): string {
    const id = base64UrlEncode(randomBytes(32));
    if (this.#digests.size >= MAX_SESSIONS) {
      const oldest = this.#digests.values().next().value as string;
      this.#digests.delete(oldest);
    }
    this.#digests.add(toHex(sha256(id)));
    return id;
  }

  /** Whether `id` is a live session. */
  has(id: string | undefined): boolean {
    return id !== undefined && this.#digests.has(toHex(sha256(id)));
  }

  /** Ends a session (no-op when unknown). */
  delete(id: string | undefined): void {
    if (id !== undefined) this.#digests.delete(toHex(sha256(id)));
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

/** The two `Set-Cookie` values that open a session (admin API and console paths). */
export const sessionCookies = (id: string): string[] =>
  COOKIE_PATHS.map((path) => `${SESSION_COOKIE}=${id}; ${ATTRIBUTES}; Path=${path}`);

/** The two `Set-Cookie` values that expire the session cookies. */
export const expiredSessionCookies = (): string[] =>
  COOKIE_PATHS.map((path) => `${SESSION_COOKIE}=; ${ATTRIBUTES}; Path=${path}; Max-Age=0`);
