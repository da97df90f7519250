import {
  ADMIN_PATHS,
  type CreatedSpace,
  type SpaceList,
  type SpaceRequest,
  type WhoAmI,
} from '@refapi/server/browser';
import { retryAfterSeconds } from './retry-after';

/**
 * An admin call that did not answer 2xx: status plus the server's `{error}` text, and the
 * seconds its `Retry-After` asks to wait (429, 503), if any.
 */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly body: unknown,
    readonly retryAfter?: number,
  ) {
    super(error);
    this.name = 'AdminError';
  }
}

/**
 * One admin call with the session cookie, to a path of `ADMIN_PATHS` (at the root or in a
 * space). Every call that changes state carries `X-Refapi-Console: 1`, the header a
 * cross-site form cannot send (CSRF guard).
 */
export async function adminFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (method !== 'GET' && method !== 'HEAD') headers['x-refapi-console'] = '1';
  let body: string | undefined;
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  }
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    cache: 'no-store',
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed: unknown;
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) {
    const error =
      typeof parsed === 'object' && parsed !== null && 'error' in parsed
        ? String((parsed as { error: unknown }).error)
        : `HTTP ${response.status}`;
    const wait = retryAfterSeconds(response.headers.get('retry-after'));
    throw new AdminError(response.status, error, parsed, wait);
  }
  // Every admin answer with a body is JSON. A 2xx page (a proxy's, a captive portal's)
  // taken as data made the clock NaN and the header threw, leaving a blank page: refuse it
  // here, where every view already shows a failed call's message.
  if (typeof parsed === 'string') {
    const type = response.headers.get('content-type')?.split(';')[0] ?? 'no content type';
    throw new AdminError(
      response.status,
      `the answer (HTTP ${response.status}, ${type}) is not the JSON the admin API sends`,
      parsed,
    );
  }
  return parsed as T;
}

/** Exchanges the admin token for the session cookie; the token is not kept anywhere. */
export async function login(token: string): Promise<void> {
  await adminFetch<void>(ADMIN_PATHS.session, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * Exchanges a one-time sign-in code (the link of ref-server's start banner) for the session
 * cookie. A header, not the URL: the code leaves the address bar before it is sent.
 */
export async function signInWithCode(code: string): Promise<void> {
  await adminFetch<void>(ADMIN_PATHS.session, {
    method: 'POST',
    headers: { 'x-refapi-sign-in-code': code },
  });
}

/** Whether a failed call never reached the server (network down, server stopped). */
export const isUnreachable = (cause: unknown): boolean => !(cause instanceof AdminError);

/** A space's URLs answer 404 `space_not_found` once it is deleted or has expired. */
export const isSpaceGone = (cause: unknown): boolean =>
  cause instanceof AdminError && cause.status === 404 && cause.error === 'space_not_found';

/**
 * The root's admin calls that no space has: health, the session, the spaces themselves.
 * The calls on a state (the root's or a space's) are those of `adminIn` (`space-api.ts`).
 */
export const admin = {
  /** Readiness, without credentials: answers while the server is up. */
  health: () => adminFetch<{ status: string }>(ADMIN_PATHS.health),
  whoami: () => adminFetch<WhoAmI>(ADMIN_PATHS.whoami),
  logout: () => adminFetch<void>(ADMIN_PATHS.session, { method: 'DELETE' }),
  spaces: () => adminFetch<SpaceList>(ADMIN_PATHS.spaces).then((list) => list.spaces),
  createSpace: (body: SpaceRequest) =>
    adminFetch<CreatedSpace>(ADMIN_PATHS.spaces, { method: 'POST', body }),
  deleteSpace: (spaceId: string) =>
    adminFetch<void>(ADMIN_PATHS.space(spaceId), { method: 'DELETE' }),
};
