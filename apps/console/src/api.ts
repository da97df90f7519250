import { buildPath, routes } from '@refapi/schema/client';
import type {
  ClockChange,
  ClockState,
  ControlsDocument,
  LoadedScenario,
  RequestList,
  ShieldTelemetry,
  StateDocument,
  WhoAmI,
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

const ADMIN = '/__admin';

/**
 * One admin call with the session cookie. Every call that changes state carries
 * `X-Refapi-Console: 1`, the header a cross-site form cannot send (CSRF guard).
 */
async function adminFetch<T>(
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
  const response = await fetch(`${ADMIN}${path}`, {
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
  return parsed as T;
}

/** Exchanges the admin token for the session cookie; the token is not kept anywhere. */
export async function login(token: string): Promise<void> {
  await adminFetch<void>('/session', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * Exchanges a one-time sign-in code (the link of ref-server's start banner) for the session
 * cookie. A header, not the URL: the code leaves the address bar before it is sent.
 */
export async function signInWithCode(code: string): Promise<void> {
  await adminFetch<void>('/session', {
    method: 'POST',
    headers: { 'x-refapi-sign-in-code': code },
  });
}

/** Whether a failed call never reached the server (network down, server stopped). */
export const isUnreachable = (cause: unknown): boolean => !(cause instanceof AdminError);

/** Admin calls of the console, one per control; nothing here bypasses the admin API. */
export const admin = {
  /** Readiness, without credentials: answers while the server is up. */
  health: () => adminFetch<{ status: string }>('/health'),
  whoami: () => adminFetch<WhoAmI>('/whoami'),
  logout: () => adminFetch<void>('/session', { method: 'DELETE' }),
  requests: (limit = 1000) =>
    adminFetch<RequestList>(`/requests?limit=${limit}`).then((r) => r.requests),
  state: () => adminFetch<StateDocument>('/state'),
  clock: () => adminFetch<ClockState>('/clock'),
  setClock: (body: ClockChange) => adminFetch<ClockState>('/clock', { method: 'POST', body }),
  /** Every admin control with its POST body as JSON Schema and its value. */
  controls: () => adminFetch<ControlsDocument>('/controls'),
  /** Changes a control described by {@link admin.controls} (its `path` is `/__admin/…`). */
  setControl: (path: string, body: Record<string, unknown>) =>
    adminFetch<unknown>(path.slice(ADMIN.length), { method: 'POST', body }),
  reset: () => adminFetch<void>('/reset', { method: 'POST' }),
  loadScenario: (text: string) =>
    adminFetch<LoadedScenario>('/scenario', { method: 'POST', body: text }),
  /**
   * Shield telemetry of an account's service: the admin route is the contract's path under
   * `/accounts/{account_ref}` (same query, same answer, the admin credentials).
   */
  shieldTelemetry: (
    accountRef: string,
    serviceRef: string,
    operation: 'getShieldTraffic' | 'getShieldProtectionActivity',
    query: Record<string, string | number>,
  ) => {
    const path = buildPath(routes[operation], { service_ref: serviceRef });
    const search = new URLSearchParams(
      Object.entries(query).map(([name, value]) => [name, String(value)]),
    );
    return adminFetch<ShieldTelemetry>(
      `/accounts/${encodeURIComponent(accountRef)}${path}?${search}`,
    );
  },
};
