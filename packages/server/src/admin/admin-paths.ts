// The admin API's paths, written once: the server's admin routes are keyed and matched by
// them, and admin user interfaces (the web console, through `@refapi/server/browser`) build
// every call from them. Plain strings and functions: nothing here imports anything, so the
// browser entry stays free of zod and Node.

/** Where the admin API lives; every admin path starts with it. */
const ADMIN = '/__admin';
/** Where spaces live: `/spaces/{space_id}/v1` (API) and `/spaces/{space_id}/__admin`. */
export const SPACES_BASE = '/spaces';

/**
 * The parametrised admin paths as templates: `{name}` stands for one path segment
 * (percent-encoded when built; matched as sent by {@link matchAdminPath}).
 */
export const ADMIN_PATH_TEMPLATES = {
  requestEntry: `${ADMIN}/requests/{request_id}`,
  space: `${ADMIN}/spaces/{space_id}`,
  snapshot: `${ADMIN}/snapshots/{name}`,
  snapshotRestore: `${ADMIN}/snapshots/{name}/restore`,
  shieldTelemetry: `${ADMIN}/accounts/{account_ref}/services/{service_ref}/shield/{dataset}`,
} as const;

/** The Shield telemetry datasets of {@link ADMIN_PATHS.shieldTelemetry}. */
export type ShieldTelemetryDataset = 'traffic' | 'protection-activity';

/** A template with each `{name}` replaced by its value, percent-encoded. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}

/**
 * Every admin API path, at the root. For a space, put the path through {@link inSpace}.
 *
 * @example
 * fetch(inSpace('sp_x', ADMIN_PATHS.requestEntry('req_…')));
 */
export const ADMIN_PATHS = {
  /** The prefix itself (`/__admin`): the session cookie's path, a space's `admin_url`. */
  base: ADMIN,
  health: `${ADMIN}/health`,
  whoami: `${ADMIN}/whoami`,
  session: `${ADMIN}/session`,
  sessionCodes: `${ADMIN}/session/codes`,
  scenario: `${ADMIN}/scenario`,
  reset: `${ADMIN}/reset`,
  state: `${ADMIN}/state`,
  clock: `${ADMIN}/clock`,
  /** `POST {account_ref, amount}`: a top-up, then unpaid renewal invoices settled. */
  topUps: `${ADMIN}/top-ups`,
  controls: `${ADMIN}/controls`,
  requests: `${ADMIN}/requests`,
  requestsStream: `${ADMIN}/requests/stream`,
  snapshots: `${ADMIN}/snapshots`,
  failNext: `${ADMIN}/fail-next`,
  /** Root only: a space has no spaces of its own. */
  spaces: `${ADMIN}/spaces`,
  requestEntry: (requestId: string) =>
    fill(ADMIN_PATH_TEMPLATES.requestEntry, { request_id: requestId }),
  space: (spaceId: string) => fill(ADMIN_PATH_TEMPLATES.space, { space_id: spaceId }),
  snapshot: (name: string) => fill(ADMIN_PATH_TEMPLATES.snapshot, { name }),
  snapshotRestore: (name: string) => fill(ADMIN_PATH_TEMPLATES.snapshotRestore, { name }),
  shieldTelemetry: (accountRef: string, serviceRef: string, dataset: ShieldTelemetryDataset) =>
    fill(ADMIN_PATH_TEMPLATES.shieldTelemetry, {
      account_ref: accountRef,
      service_ref: serviceRef,
      dataset,
    }),
} as const;

/**
 * `path` (an admin path, or the API's base path) inside a space: `/spaces/{space_id}` before
 * it. Without a space, `path` itself (the root).
 */
export function inSpace(spaceId: string | undefined, path = ''): string {
  return spaceId === undefined ? path : `${SPACES_BASE}/${encodeURIComponent(spaceId)}${path}`;
}

const SPACE_PREFIX = `${SPACES_BASE}/`;

/**
 * The space a request path is in and its path inside it (`/` when none), as {@link inSpace}
 * builds them (the id as it stands in the path); undefined for a path of the root.
 */
export function spacePath(
  path: string,
): { readonly id: string; readonly inner: string } | undefined {
  if (!path.startsWith(SPACE_PREFIX)) return undefined;
  const end = path.indexOf('/', SPACE_PREFIX.length);
  return end === -1
    ? { id: path.slice(SPACE_PREFIX.length), inner: '/' }
    : { id: path.slice(SPACE_PREFIX.length, end), inner: path.slice(end) };
}

/**
 * The values of a template's `{name}` segments when `path` fits it, as sent (not decoded);
 * undefined when it does not fit. A value is one non-empty segment: it holds no `/`.
 */
export function matchAdminPath(template: string, path: string): Record<string, string> | undefined {
  const expected = template.split('/');
  const actual = path.split('/');
  if (expected.length !== actual.length) return undefined;
  const values: Record<string, string> = {};
  for (const [index, part] of expected.entries()) {
    const segment = actual[index]!;
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name === undefined) {
      if (segment !== part) return undefined;
    } else if (segment === '') {
      return undefined;
    } else {
      values[name] = segment;
    }
  }
  return values;
}
