import type { HttpHandler } from 'msw';
import { spacePath } from '../admin/admin-paths';
import { type AdminTarget, createAdminHandler } from '../admin/admin-routes';
import { AdminSessions, sessionIdFrom } from '../admin/admin-session';
import type { SpacesAdmin } from '../admin/admin-spaces';
import { AdminToken } from '../admin/admin-token';
import { type ApiRequest, type ApiResponse, errorResponse, jsonResponse } from '../api/api-request';
import { addressWindowHeaders } from '../api/rate-limit-headers';
import type { ContextHandler } from '../api/request-handler';
import type { ControlSlice } from '../controls/control-slice';
import { controlSlices } from '../controls/registry';
import { FIRST_CLOCK_MS, LAST_CLOCK_MS, LAST_CLOCK_TIME } from '../domain/clock';
import { DomainError } from '../domain/errors';
import { FailedAttempts } from '../domain/failed-attempts';
import { base64UrlEncode } from '../internal/base64url';
import { randomBytes } from '../internal/crypto';
import { httpDate } from '../internal/http-date';
import type { AttachDurability, DurableState } from '../persistence/durable-parts';
import { DEFAULT_JOURNAL_SIZE, JournalBudget } from '../request-journal';
import { demoScenario } from '../scenario/demo';
import { checkEventsDueAt, parseScenario } from '../scenario/validate';
import { createSpaceRuntime, type SpaceRuntime } from '../spaces/space-runtime';
import { type SpaceRequest, Spaces, type SpacesOptions } from '../spaces/spaces';
import { catchUpIfDue } from '../state/catch-up';
import type { Admin } from '../state/control-plane';
import type { RequestEntry } from '../state/server-context';
import type { StateSlices } from '../state/state-slice';
import type { Store } from '../store/store';
import { toWebResponse, webRequestContext } from '../transport/web/web-adapter';
import { createBodyLimit, DEFAULT_ADMIN_BODY_BYTES } from './body-limit';
import { type CorsOrigins, isApiPath, type RefusalWindow } from './cors';
import { createRequestChain } from './request-chain';
import { requestOrigin } from './request-origin';
import type { RoutedRequest } from './space-router';

/** Options of {@link createReferenceServer}. */
export interface ReferenceServerOptions {
  /** Scenario document (validated; throws `ScenarioError` when invalid). Default: the demo. */
  readonly scenario?: unknown;
  /** Start time of the clock, overriding the scenario's `now`; one past the clock's last instant (9989-12-31T23:59:59.999Z) throws a `RangeError`. */
  readonly now?: string | number | Date;
  /** Base URL of the msw handlers. Default `https://api.ref.test/v1`. */
  readonly baseUrl?: string;
  /** Admin token for `/__admin`. Default: random (see `adminToken` on the result). */
  readonly adminToken?: string;
  /** Called once per API request with its journal entry (credentials redacted); the request log hooks in here. */
  readonly onRequest?: (entry: RequestEntry) => void;
  /**
   * API requests the request journal keeps (`GET /__admin/requests`). Default 1,000; at most
   * 16 Mi characters of their headers and bodies whatever the size.
   */
  readonly journalSize?: number;
  /** Called with unexpected exceptions (answered 500). Default: `console.error`. */
  readonly onError?: (error: unknown) => void;
  /** Largest admin body in bytes, read only with the admin token (`--max-admin-body`). Default 128 MiB. */
  readonly adminBodyBytes?: number;
  /** JSON bytes the snapshots of one space (or the root) may hold (`--max-snapshot-bytes`). Default 512 MiB. */
  readonly maxSnapshotBytes?: number;
  /** Spaces (`POST /__admin/spaces`): how many at once and how long one may sit unused. */
  readonly spaces?: SpacesOptions;
}

/** A reference server without a transport of its own: msw handlers, fetch, admin controls, the store. */
export interface ReferenceCore {
  /** msw handlers for `setupServer(...handlers)`, bound to `baseUrl`. */
  readonly handlers: HttpHandler[];
  /** The admin API, in-process. */
  readonly admin: Admin;
  /** The records (read indexes, commit hook, export). */
  readonly store: Store;
  /** Resolves once the initial scenario is loaded (requests wait for it anyway). */
  readonly ready: Promise<void>;
  /** The msw base URL. */
  readonly baseUrl: string;
  /** The admin token (`Authorization: Bearer <token>` on `/__admin`). */
  readonly adminToken: string;
  /** A WHATWG fetch answered in-process by this server (no network, no msw). */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
}

/** A core plus what a transport (node:http) needs to serve it. */
export interface ReferenceCoreParts {
  readonly core: ReferenceCore;
  /** The request chain (`request-chain.ts`) without CORS: what the in-process transports run. */
  readonly handle: ContextHandler;
  /** The same chain with the CORS step for these origins (node:http). */
  readonly handleWithCors: (origins: CorsOrigins) => ContextHandler;
  readonly basePath: string;
  readonly onError: (error: unknown) => void;
  /** The durable state attached by `attachDurability`, if any. */
  readonly durable?: DurableState;
  /** Every slice of the state: a fork of the whole state is `slices.fork()` (spaces, snapshots). */
  readonly slices: StateSlices;
  /** The spaces of this server (`/spaces/{id}/…`). */
  readonly spaces: Spaces;
  /** The rate-limit headers of an API answer the transport gives before any key is read. */
  readonly refusalWindow: RefusalWindow;
  /**
   * Due events applied as they fall due, in the root and every space, from `start` (a served
   * server) to `stop` (its close); otherwise only when a request or admin call comes.
   */
  readonly timeKeeping: { start(): void; stop(): void };
}

const DEFAULT_BASE_URL = 'https://api.ref.test/v1';

/** Builds a server's msw handlers over its request chain, bound to its base URL. */
export type MswHandlerFactory = (handle: ContextHandler, baseUrl: string) => HttpHandler[];

const withoutMswHandlers: MswHandlerFactory = () => {
  throw new Error(
    "this server was made without msw handlers: use createReferenceServer from '@refapi/server'",
  );
};

function toEpochMs(now: string | number | Date): number {
  const ms = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(ms)) throw new TypeError(`invalid now: ${String(now)}`);
  // Refused, not clamped, as a scenario's `now` is: a clock started elsewhere would date every answer wrongly.
  if (ms < FIRST_CLOCK_MS || ms > LAST_CLOCK_MS) {
    throw new RangeError(
      `invalid now: ${String(now)}: must be from ${new Date(FIRST_CLOCK_MS).toISOString()} to ${LAST_CLOCK_TIME}, the clock's last instant`,
    );
  }
  return ms;
}

/**
 * Builds the reference server's state and handlers, free of Node builtins (browsers load
 * it through `@refapi/server/browser`); `createReferenceServer` adds the node:http listener.
 */
export function createReferenceCore(
  options: ReferenceServerOptions = {},
  attachDurability?: AttachDurability,
  /** The admin controls (tests register a hypothetical one here). */
  controls: readonly ControlSlice<unknown>[] = controlSlices,
  /**
   * Builds the msw handlers, given by the entries that offer them: msw is not loaded where no
   * one asks for them (the `ref-server` command, drift's replays), a quarter of a start's CPU.
   */
  buildHandlers: MswHandlerFactory = withoutMswHandlers,
): ReferenceCoreParts {
  const scenario = parseScenario(options.scenario ?? demoScenario);
  const startOverride = options.now === undefined ? undefined : toEpochMs(options.now);
  // Refused here, as an invalid scenario is, rather than by the load behind `ready`.
  checkEventsDueAt(
    scenario,
    startOverride ?? (scenario.now === undefined ? Date.now() : Date.parse(scenario.now)),
  );
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const adminToken = options.adminToken ?? `refadm_${base64UrlEncode(randomBytes(18))}`;
  const onError = options.onError ?? ((error: unknown) => console.error('ref-server:', error));
  const runtimeOptions = {
    basePath,
    journalSize: options.journalSize ?? DEFAULT_JOURNAL_SIZE,
    journalBudget: new JournalBudget(),
    controls,
    onRequest: options.onRequest,
    onError,
    maxSnapshotBytes: options.maxSnapshotBytes,
    adminToken,
  };
  const root = createSpaceRuntime({
    ...runtimeOptions,
    id: null,
    startMs: startOverride ?? Date.now(),
  });
  const { ctx, control } = root;
  const durable = attachDurability?.({ ctx, control, scenario, startOverride });
  if (durable !== undefined) ctx.durability = durable;
  const admin = durable?.admin ?? control.admin;
  const ready = (durable?.ready ?? control.initialize(scenario, startOverride)).finally(() => {
    ctx.pending = null;
  });
  ctx.pending = ready;
  // The caller sees load failures through `ready`; an unusable state file is not a bug.
  ready.catch((error: unknown) => {
    if (durable === undefined) onError(error);
  });

  let timeKept = false;
  const timeKeeping = {
    start() {
      timeKept = true;
      for (const runtime of [root, ...spaces.runtimes()]) runtime.keepTime();
    },
    stop() {
      timeKept = false;
      for (const runtime of [root, ...spaces.runtimes()]) runtime.stopTime();
    },
  };

  // Each space: an empty runtime that adopts a fork of the root's state (in memory only).
  const spaces = new Spaces(async (id, request: SpaceRequest) => {
    const from = request.from ?? 'scenario';
    const branch = control.branch(
      from === 'scenario' || from === 'current' ? from : { snapshot: from },
    );
    const space = createSpaceRuntime({
      ...runtimeOptions,
      id,
      basePath: `/spaces/${id}${basePath}`,
      startMs: ctx.clock.nowMs(),
    });
    await space.control.adopt(branch);
    if (timeKept) space.keepTime();
    return space;
  }, options.spaces);
  const webOrigin = new URL(baseUrl).origin;
  const spacesAdmin: SpacesAdmin = {
    create: (request) => spaces.create(request),
    list: () => spaces.list(),
    delete: (id) => spaces.delete(id),
    // Over HTTP the client's Host; in-process (msw, `fetch`) the base URL's origin.
    origin: (request: ApiRequest) => requestOrigin(request, webOrigin),
    basePath,
  };

  const sessions = new AdminSessions();
  const attempts = new FailedAttempts();
  // Compared once per request: the body limit first, then the admin routes reuse it.
  const token = new AdminToken(adminToken);
  const adminHandler = createAdminHandler({ token, controls, sessions, attempts });
  const rootTarget: AdminTarget = { admin, journal: root.journal, spaces: spacesAdmin };
  const targetOf = (runtime: SpaceRuntime): AdminTarget =>
    runtime === root ? rootTarget : { admin: runtime.control.admin, journal: runtime.journal };
  const bodyLimit = createBodyLimit<RoutedRequest>({
    adminToken: token,
    adminBodyBytes: options.adminBodyBytes ?? DEFAULT_ADMIN_BODY_BYTES,
    isAdminSession: (cookie) => sessions.has(sessionIdFrom(cookie)),
    // The space router decided it (for `/spaces/{id}/__admin/…` too).
    isAdmin: (request) => request.admin === true,
    // Authenticated once: the pipeline reuses this answer (`RequestKeys`, kept on the request).
    isApiKey: (_token, request) => {
      const { requestKeys } = (request.runtime ?? root).ctx;
      return ctx.pending === null
        ? requestKeys.of(request) !== undefined
        : ctx.pending.then(() => requestKeys.of(request) !== undefined);
    },
  });

  // Admin calls wait for the initial load so they never race it, and answer once durable.
  async function answerAdmin(runtime: SpaceRuntime, request: ApiRequest) {
    if (ctx.pending !== null) await ctx.pending;
    // The admin API sees the state with what the clock made due applied, as the API does.
    await catchUpIfDue(runtime.ctx);
    const response = await adminHandler(request, targetOf(runtime));
    if (runtime !== root) return response;
    try {
      await durable?.flush();
    } catch (error) {
      // Not durable (the write-ahead log refuses writes): 503 state_unavailable, as on the API.
      if (!(error instanceof DomainError)) throw error;
      return jsonResponse(error.status, error.toBody(), { ...error.headers });
    }
    return response;
  }

  // The state whose windows an API path is counted in (as the space router finds it),
  // looked up without marking a space used: a refusal keeps no space alive. A space that does
  // not exist has no windows: the root, which answers for it, reports its own.
  const refusalWindow: RefusalWindow = (path, sourceAddress) => {
    if (!isApiPath(path)) return undefined;
    const inSpace = spacePath(path);
    const state = inSpace === undefined ? ctx : (spaces.peek(inSpace.id)?.ctx ?? ctx);
    return addressWindowHeaders(state, sourceAddress);
  };

  const chainParts = {
    root,
    refusalWindow,
    // Only an API request's body is read with a key: an admin 408 stays as it was.
    timedOutWindow: (request: RoutedRequest) =>
      request.admin === true ? undefined : request.runtime?.window(request),
    space: (id: string) => spaces.use(id),
    bodyLimit,
    // The document's `servers`: as for a space's `base_url` above.
    origin: spacesAdmin.origin,
    onError,
    admin: async (runtime: SpaceRuntime, request: RoutedRequest) => {
      let response: ApiResponse;
      try {
        response = await answerAdmin(runtime, request);
      } catch (error) {
        onError(error);
        response = errorResponse(500, 'internal_error');
      }
      // On the state's own clock, as the API's answers (`api/dispatcher.ts`).
      response.headers.date ??= httpDate(runtime.ctx.clock.nowMs());
      return response;
    },
  };
  const handle = createRequestChain(chainParts);

  // Built on first use: a server only fetched or listened to (drift's replays, a test's
  // many servers) never builds msw's 24 handlers, each of which reads a stack trace.
  let handlers: HttpHandler[] | undefined;
  const core: ReferenceCore = {
    get handlers() {
      handlers ??= buildHandlers(handle, baseUrl);
      return handlers;
    },
    admin,
    store: ctx.store,
    ready,
    baseUrl,
    adminToken,
    fetch: async (input, init) =>
      toWebResponse(await handle(webRequestContext(new Request(input, init)))),
  };
  return {
    core,
    handle,
    handleWithCors: (cors) => createRequestChain({ ...chainParts, cors }),
    basePath,
    onError,
    slices: control.slices,
    spaces,
    refusalWindow,
    timeKeeping,
    ...(durable === undefined ? {} : { durable }),
  };
}
