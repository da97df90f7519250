import type { HttpHandler } from 'msw';
import { type Admin, createControlPlane } from './control-plane';
import type { ControlSlice } from './controls/control-slice';
import { ControlState } from './controls/control-state';
import { controlSlices } from './controls/registry';
import { createClock } from './domain/clock';
import { DomainError } from './domain/errors';
import { FailedAttempts } from './domain/failed-attempts';
import { IdempotencyStore } from './domain/idempotency';
import { RateLimiter } from './domain/rate-limit';
import type { AttachDurability, DurableState } from './durability';
import { Extensions } from './extensions/live-extensions';
import { extensionModules } from './extensions/registry';
import { createAdminHandler } from './http/admin-routes';
import { AdminSessions, sessionIdFrom } from './http/admin-session';
import { jsonResponse } from './http/api-request';
import { createBodyLimit, DEFAULT_ADMIN_BODY_BYTES, type ServedHandler } from './http/body-limit';
import { createDispatcher } from './http/dispatcher';
import { createMswHandlers } from './http/msw-handlers';
import { requestEntry } from './http/request-entry';
import { createRequestHandler } from './http/request-handler';
import { withRequestId } from './http/request-id';
import { RequestKeys } from './http/request-key';
import { fromWebRequest, toWebResponse } from './http/web-adapter';
import { base64UrlEncode } from './internal/base64url';
import { randomBytes } from './internal/crypto';
import { operationImpls } from './operations/index';
import { DEFAULT_JOURNAL_SIZE, RequestJournal } from './request-journal';
import { demoScenario } from './scenario/demo';
import { parseScenario } from './scenario/validate';
import type { RequestEntry, ServerContext } from './server-context';
import type { StateSlices } from './state/state-slice';
import { Store } from './store/store';

/** Options of {@link createReferenceServer}. */
export interface ReferenceServerOptions {
  /** Scenario document (validated; throws `ScenarioError` when invalid). Default: the demo. */
  readonly scenario?: unknown;
  /** Start time of the clock, overriding the scenario's `now`. */
  readonly now?: string | number | Date;
  /** Base URL of the msw handlers. Default `https://api.ref.test/v1`. */
  readonly baseUrl?: string;
  /** Admin token for `/__admin`. Default: random (see `adminToken` on the result). */
  readonly adminToken?: string;
  /** Called once per API request with its journal entry (credentials redacted); the request log hooks in here. */
  readonly onRequest?: (entry: RequestEntry) => void;
  /** API requests the request journal keeps (`GET /__admin/requests`). Default 1,000. */
  readonly journalSize?: number;
  /** Called with unexpected exceptions (answered 500). Default: `console.error`. */
  readonly onError?: (error: unknown) => void;
  /** Largest admin body in bytes, read only with the admin token. Default 256 MiB. */
  readonly adminBodyBytes?: number;
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
  readonly handle: ServedHandler;
  readonly basePath: string;
  readonly onError: (error: unknown) => void;
  /** The durable state attached by `attachDurability`, if any. */
  readonly durable?: DurableState;
  /** Every slice of the state: a fork of the whole state is `slices.fork()` (spaces, snapshots). */
  readonly slices: StateSlices;
}

const DEFAULT_BASE_URL = 'https://api.ref.test/v1';

function toEpochMs(now: string | number | Date): number {
  const ms = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
  if (!Number.isFinite(ms)) throw new TypeError(`invalid now: ${String(now)}`);
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
): ReferenceCoreParts {
  const scenario = parseScenario(options.scenario ?? demoScenario);
  const startOverride = options.now === undefined ? undefined : toEpochMs(options.now);
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const adminToken = options.adminToken ?? `refadm_${base64UrlEncode(randomBytes(18))}`;
  const onError = options.onError ?? ((error: unknown) => console.error('ref-server:', error));
  const journal = new RequestJournal(options.journalSize ?? DEFAULT_JOURNAL_SIZE);
  const clock = createClock(startOverride ?? Date.now());
  const store = new Store(() => clock.nowMs());
  const ctx: ServerContext = {
    store,
    clock,
    controls: new ControlState(controls),
    idempotency: new IdempotencyStore(),
    rateLimiter: new RateLimiter(),
    extensions: new Extensions(extensionModules, () => clock.now()),
    requestKeys: new RequestKeys(store),
    pending: null,
    onRequest: (request, response, facts) => {
      const entry = requestEntry(request, response, facts);
      // The journal holds the API (the base path); the request log sees every request.
      if (request.path.startsWith(`${basePath}/`)) journal.add(entry);
      options.onRequest?.(entry);
    },
    onError,
  };
  const control = createControlPlane(ctx, journal);
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

  const sessions = new AdminSessions();
  const attempts = new FailedAttempts();
  const adminHandler = createAdminHandler({
    admin,
    token: adminToken,
    journal,
    controls: ctx.controls.slices,
    sessions,
    attempts,
  });
  const bodyLimit = createBodyLimit({
    adminToken,
    adminBodyBytes: options.adminBodyBytes ?? DEFAULT_ADMIN_BODY_BYTES,
    adminLockedOut: (address) => attempts.retryAfter(address) > 0,
    isAdminSession: (cookie) => sessions.has(sessionIdFrom(cookie)),
    // Authenticated once: the pipeline reuses this answer (`ctx.requestKeys`).
    isApiKey: (_token, head) =>
      ctx.pending === null
        ? ctx.requestKeys.of(head) !== undefined
        : ctx.pending.then(() => ctx.requestKeys.of(head) !== undefined),
  });
  const requestHandler = withRequestId(
    createRequestHandler(
      createDispatcher(ctx, operationImpls, basePath),
      // Admin calls wait for the initial load so they never race it, and answer once durable.
      async (request) => {
        if (ctx.pending !== null) await ctx.pending;
        const response = await adminHandler(request);
        try {
          await durable?.flush();
        } catch (error) {
          // Not durable (the write-ahead log refuses writes): 503 state_unavailable, as on the API.
          if (!(error instanceof DomainError)) throw error;
          return jsonResponse(error.status, error.toBody(), { ...error.headers });
        }
        return response;
      },
      onError,
    ),
  );
  const handle: ServedHandler = Object.assign(requestHandler, { bodyLimit });

  const core: ReferenceCore = {
    handlers: createMswHandlers(handle, baseUrl),
    admin,
    store: ctx.store,
    ready,
    baseUrl,
    adminToken,
    fetch: async (input, init) =>
      toWebResponse(await handle(await fromWebRequest(new Request(input, init), bodyLimit))),
  };
  return {
    core,
    handle,
    basePath,
    onError,
    slices: control.slices,
    ...(durable === undefined ? {} : { durable }),
  };
}
