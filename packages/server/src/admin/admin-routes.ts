import type { z } from 'zod';
import { type ApiRequest, type ApiResponse, errorResponse, jsonResponse } from '../api/api-request';
import { parseJsonBody } from '../api/body-text';
import { bodyHeaderRefusal, hasBodyText } from '../api/content-type';
import { eventStreamResponse, journalEvents } from '../api/event-stream';
import { parseInput } from '../api/input-validation';
import type { ControlSlice } from '../controls/control-slice';
import { bearerToken } from '../domain/auth';
import { LAST_CLOCK_MS } from '../domain/clock';
import { DomainError } from '../domain/errors';
import type { FailedAttempts } from '../domain/failed-attempts';
import { sha256Hex } from '../internal/crypto';
import type { RequestJournal } from '../request-journal';
import { type Admin, secondsOf } from '../state/control-plane';
import type { ControlsDocument } from '../wire/admin-wire';
import { ClockBody, describeControls, TopUpBody } from './admin-controls';
import { listRequests, requestEntryRoute } from './admin-journal';
import { ADMIN_PATH_TEMPLATES, ADMIN_PATHS, matchAdminPath } from './admin-paths';
import {
  type AdminSessions,
  expiredSessionCookies,
  issueSignInCode,
  redeemSignInCode,
  SIGN_IN_CODE_HEADER,
  sessionCookies,
  sessionIdFrom,
} from './admin-session';
import { shieldTelemetryRoute } from './admin-shield-telemetry';
import { type SpacesAdmin, snapshotRoute, spaceRoute, spaceRoutes } from './admin-spaces';
import type { AdminToken } from './admin-token';

/** The state an admin call acts on: the root's, or a space's (`/spaces/{id}/__admin/…`). */
export interface AdminTarget {
  readonly admin: Admin;
  readonly journal: RequestJournal;
  /** The root's spaces; undefined inside a space. */
  readonly spaces?: SpacesAdmin | undefined;
}

/** What the admin routes reach: the state of the call, and what all states share. */
export interface AdminDependencies extends AdminTarget {
  /** The admin token; compared in constant time. */
  readonly token: AdminToken;
  /** The admin controls; each one's route is served (`GET`/`POST` on its path). */
  readonly controls: readonly ControlSlice<unknown>[];
  readonly sessions: AdminSessions;
  /** Wrong admin tokens per source address; past the limit, wrong ones get 429. */
  readonly attempts: FailedAttempts;
}

interface AdminCall {
  readonly deps: AdminDependencies;
  /** `GET /__admin/controls` of this handler's controls. */
  readonly describe: (admin: Admin) => ControlsDocument;
  readonly request: ApiRequest;
  readonly body: unknown;
}

type AdminRoute = (call: AdminCall) => Promise<ApiResponse> | ApiResponse;

const noContent = (cookies?: string[]): ApiResponse => ({
  status: 204,
  headers: {},
  body: '',
  ...(cookies === undefined ? {} : { cookies }),
});

/** `GET` shows a control, `POST` changes it (logged through `admin.controls`). */
function controlRoute(slice: ControlSlice<unknown>): Record<string, AdminRoute> | undefined {
  const route = slice.route;
  if (route === undefined) return undefined;
  return {
    GET: ({ deps }) => jsonResponse(200, route.view(deps.admin.controls.get(slice))),
    POST: ({ deps: { admin }, body: raw }) => {
      const body = parseInput(route.body, raw, 'body');
      const value = admin.controls.set(slice, route.toPatch(body, admin.controls.get(slice)));
      return jsonResponse(200, (route.answer ?? route.view)(value, body));
    },
  };
}

const routes: Record<string, Record<string, AdminRoute>> = {
  [ADMIN_PATHS.scenario]: {
    POST: async ({ deps, body }) => {
      // An empty or whitespace-only body is no document: never an empty state (a stray POST).
      if (body === undefined) return errorResponse(400, 'invalid_body');
      return jsonResponse(200, await deps.admin.loadScenario(body));
    },
  },
  [ADMIN_PATHS.reset]: {
    POST: async ({ deps }) => {
      await deps.admin.reset();
      return noContent();
    },
  },
  [ADMIN_PATHS.state]: { GET: ({ deps }) => jsonResponse(200, deps.admin.state()) },
  [ADMIN_PATHS.clock]: {
    GET: ({ deps }) => jsonResponse(200, deps.admin.clock.view()),
    POST: async ({ deps: { admin }, body: raw }) => {
      const body = parseInput(ClockBody, raw, 'body');
      checkClockMove(admin, body);
      if (body.now !== undefined) admin.clock.set(body.now);
      if (body.advance_seconds !== undefined) admin.clock.advance(body.advance_seconds);
      if (body.advance !== undefined) admin.clock.advance(body.advance);
      if (body.frozen !== undefined) admin.clock.freeze(body.frozen);
      // What fell due on the way, applied in due order before the answer.
      const applied = await admin.clock.catchUp();
      return jsonResponse(200, { ...admin.clock.now(), applied });
    },
  },
  [ADMIN_PATHS.topUps]: {
    POST: async ({ deps: { admin }, body: raw }) => {
      const body = parseInput(TopUpBody, raw, 'body');
      return jsonResponse(201, { transaction: await admin.topUp(body.account_ref, body.amount) });
    },
  },
  [ADMIN_PATHS.controls]: { GET: ({ deps, describe }) => jsonResponse(200, describe(deps.admin)) },
  [ADMIN_PATHS.requests]: {
    GET: ({ deps, request }) => listRequests(deps.journal, request.search),
  },
  [ADMIN_PATHS.requestsStream]: {
    GET: ({ deps }) => eventStreamResponse(journalEvents(deps.journal)),
  },
  [ADMIN_PATHS.whoami]: { GET: () => jsonResponse(200, { admin: true }) },
  // The POST of these two (opening a session, issuing a code) is answered before any
  // authorization, in the handler; the table holds their other methods.
  [ADMIN_PATHS.session]: {
    DELETE: ({ deps, request }) => {
      deps.sessions.delete(sessionIdFrom(request.header('cookie')));
      return noContent(expiredSessionCookies());
    },
  },
  [ADMIN_PATHS.sessionCodes]: {},
};

/**
 * Refuses a clock change before any part of it is made, as the clock would refuse its parts
 * in turn (`now`, then `advance_seconds`, then `advance`), and a whole move that could apply
 * more events than one move may (`admin.clock.checkMove`): a change answered 400 or 409
 * leaves the clock and the state where they were.
 */
function checkClockMove(admin: Admin, body: z.output<typeof ClockBody>): void {
  const currentMs = Date.parse(admin.clock.now().now);
  let toMs = currentMs;
  if (body.now !== undefined) {
    toMs = Date.parse(body.now);
    if (toMs < currentMs) throw new DomainError(400, 'clock_backwards');
  }
  if (body.advance_seconds !== undefined) toMs += Math.round(body.advance_seconds * 1000);
  if (toMs <= LAST_CLOCK_MS && body.advance !== undefined) {
    toMs += secondsOf(toMs, body.advance) * 1000;
  }
  admin.clock.checkMove(toMs);
}

/** A route's methods from the values of its template's `{name}` segments; undefined: 404. */
type RouteEntry = (
  values: Readonly<Record<string, string>>,
) => Record<string, AdminRoute> | undefined;

/**
 * Every admin route in one table keyed by its path template (`{name}` is one segment):
 * fixed paths are found by the path itself, the templated ones by {@link matchAdminPath}.
 */
class AdminRouteTable {
  readonly #fixed = new Map<string, Record<string, AdminRoute>>();
  readonly #templated: [string, RouteEntry][] = [];

  constructor(entries: Record<string, Record<string, AdminRoute> | RouteEntry>) {
    for (const [template, entry] of Object.entries(entries)) {
      if (typeof entry === 'function') this.#templated.push([template, entry]);
      else this.#fixed.set(template, entry);
    }
  }

  /** The methods served at `path`, or undefined (404). */
  match(path: string): Record<string, AdminRoute> | undefined {
    const fixed = this.#fixed.get(path);
    if (fixed !== undefined) return fixed;
    for (const [template, entry] of this.#templated) {
      const values = matchAdminPath(template, path);
      if (values !== undefined) return entry(values);
    }
    return undefined;
  }
}

// One table per server (its controls' routes are part of it), built once.
function routeTable(controls: readonly ControlSlice<unknown>[]): AdminRouteTable {
  const controlRoutes: Record<string, Record<string, AdminRoute>> = {};
  for (const slice of controls) {
    const methods = controlRoute(slice);
    if (methods !== undefined && slice.route !== undefined)
      controlRoutes[slice.route.path] = methods;
  }
  return new AdminRouteTable({
    ...routes,
    ...spaceRoutes,
    ...controlRoutes,
    [ADMIN_PATH_TEMPLATES.snapshotRestore]: ({ name }) => snapshotRoute(name as string, true),
    [ADMIN_PATH_TEMPLATES.snapshot]: ({ name }) => snapshotRoute(name as string, false),
    [ADMIN_PATH_TEMPLATES.space]: ({ space_id }) => spaceRoute(space_id as string),
    [ADMIN_PATH_TEMPLATES.requestEntry]: ({ request_id }) =>
      requestEntryRoute(request_id as string),
    [ADMIN_PATH_TEMPLATES.shieldTelemetry]: (values) => shieldTelemetryRoute(values),
  });
}

/** Paths whose `POST` the handler answers before the route table. */
const EARLY_POSTS = new Set<string>([ADMIN_PATHS.session, ADMIN_PATHS.sessionCodes]);

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/**
 * Checks a presented `Authorization` header against the admin token (constant-time). A
 * wrong one from an address past its failed attempts gets 429 `too_many_attempts` with
 * `Retry-After`; a wrong bearer token counts as a failure (by digest: a repeat counts once).
 */
function checkToken(
  deps: AdminDependencies,
  request: ApiRequest,
  authorization: string,
): ApiResponse | undefined {
  // The right token first, always: wrong ones from the same address (every local process
  // is 127.0.0.1) must never lock it out. Only wrong tokens are throttled.
  if (deps.token.presentedBy(request)) return undefined;
  const wait = deps.attempts.retryAfter(request.sourceAddress);
  if (wait > 0) return errorResponse(429, 'too_many_attempts', { 'retry-after': String(wait) });
  const token = bearerToken(authorization);
  if (token !== undefined) deps.attempts.fail(request.sourceAddress, sha256Hex(token).slice(0, 16));
  return errorResponse(401, 'invalid_admin_token');
}

/** The admin token's check, for calls a session cookie may not make (opening sessions). */
function tokenOnly(deps: AdminDependencies, request: ApiRequest): ApiResponse | undefined {
  const authorization = request.header('authorization');
  return authorization === undefined
    ? errorResponse(401, 'invalid_admin_token')
    : checkToken(deps, request, authorization);
}

/**
 * Who may call: the admin token, else a console session cookie, which on state-changing
 * calls also needs `X-Refapi-Console: 1` (a header no cross-site form or simple request can
 * send). A wrong bearer token never falls back to the cookie.
 */
function authorize(deps: AdminDependencies, request: ApiRequest): ApiResponse | undefined {
  const authorization = request.header('authorization');
  if (authorization !== undefined) return checkToken(deps, request, authorization);
  if (!deps.sessions.has(sessionIdFrom(request.header('cookie')))) {
    return errorResponse(401, 'invalid_admin_token');
  }
  if (!SAFE_METHODS.has(request.method) && request.header('x-refapi-console') !== '1') {
    return errorResponse(403, 'csrf_header_required');
  }
  return undefined;
}

/**
 * Answers `/__admin/*` requests: health, the session exchange, then authorized control-plane
 * calls on the target's state (one token and one set of sessions for every space).
 */
export function createAdminHandler(shared: Omit<AdminDependencies, keyof AdminTarget>) {
  const table = routeTable(shared.controls);
  const describe = describeControls(shared.controls);
  return async function handleAdmin(
    request: ApiRequest,
    target: AdminTarget,
  ): Promise<ApiResponse> {
    const deps: AdminDependencies = { ...shared, ...target };
    try {
      if (request.path === ADMIN_PATHS.health) {
        // Readiness probes: no token, and nothing in the answer but the status.
        return SAFE_METHODS.has(request.method)
          ? jsonResponse(200, { status: 'ok' })
          : errorResponse(405, 'method_not_allowed', { allow: 'GET' });
      }
      if (request.method === 'POST' && request.path === ADMIN_PATHS.session) {
        // A sign-in code (the start banner's link) opens one session, once; otherwise only
        // the token itself does: a cookie cannot renew itself.
        const code = request.header(SIGN_IN_CODE_HEADER);
        if (code !== undefined) return redeemSignInCode(deps.sessions, code);
        return tokenOnly(deps, request) ?? noContent(sessionCookies(deps.sessions.create()));
      }
      if (request.method === 'POST' && request.path === ADMIN_PATHS.sessionCodes) {
        return tokenOnly(deps, request) ?? issueSignInCode(deps.sessions);
      }
      const refused = authorize(deps, request);
      if (refused !== undefined) return refused;
      const methods = table.match(request.path);
      if (methods === undefined) return errorResponse(404, 'not_found');
      const route = methods[request.method];
      if (route === undefined) {
        const allow = Object.keys(methods);
        if (EARLY_POSTS.has(request.path)) allow.unshift('POST');
        return errorResponse(405, 'method_not_allowed', { allow: allow.join(', ') });
      }
      if (request.bodyTooLarge) return errorResponse(413, 'body_too_large');
      let body: unknown;
      if (hasBodyText(request.body)) {
        const refused = bodyHeaderRefusal(request);
        if (refused !== undefined) return errorResponse(400, refused);
        try {
          body = parseJsonBody(request);
        } catch {
          return errorResponse(400, 'invalid_json');
        }
      }
      return await route({ deps, describe, request, body });
    } catch (error) {
      if (error instanceof DomainError) {
        return jsonResponse(error.status, error.toBody(), { ...error.headers });
      }
      throw error;
    }
  };
}
