import { retryAfterSeconds } from './retry-after';
import type { ClockState, FaultState, JournalEntry, StateDocument } from './types';

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

/** Admin calls of the console, one per control; nothing here bypasses the admin API. */
export const admin = {
  whoami: () => adminFetch<{ admin: boolean }>('/whoami'),
  logout: () => adminFetch<void>('/session', { method: 'DELETE' }),
  requests: (limit = 1000) =>
    adminFetch<{ requests: JournalEntry[] }>(`/requests?limit=${limit}`).then((r) => r.requests),
  state: () => adminFetch<StateDocument>('/state'),
  clock: () => adminFetch<ClockState>('/clock'),
  setClock: (body: { advance_seconds?: number; now?: string; frozen?: boolean }) =>
    adminFetch<ClockState>('/clock', { method: 'POST', body }),
  faults: () => adminFetch<FaultState>('/faults'),
  setFaults: (body: Partial<FaultState>) =>
    adminFetch<FaultState>('/faults', { method: 'POST', body }),
  shield: () => adminFetch<{ paused: boolean; retry_after?: number | null }>('/shield'),
  setShield: (body: { paused: boolean; retry_after?: number }) =>
    adminFetch<{ paused: boolean }>('/shield', { method: 'POST', body }),
  reset: () => adminFetch<void>('/reset', { method: 'POST' }),
  loadScenario: (text: string) => adminFetch<unknown>('/scenario', { method: 'POST', body: text }),
};
