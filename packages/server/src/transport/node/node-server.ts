import { attachStateFile } from '../../persistence/state-file';
import { type CorsOrigins, DEFAULT_CORS_ORIGINS } from '../../server/cors';
import {
  type ReferenceServerOptions as CoreOptions,
  createReferenceCore,
  type MswHandlerFactory,
  type ReferenceCore,
} from '../../server/reference-core';
import { type ListeningServer, type ListenOptions, listenHttp } from './listen';

/** Options of `createReferenceServer`: the core's, plus durable state (Node only). */
export interface ReferenceServerOptions extends CoreOptions {
  /**
   * Keeps the state in this file (a snapshot) and a write-ahead log beside it: loaded on start when
   * it exists (`scenario` and `now` are then ignored), else created from the scenario.
   * Every acknowledged change is durable before its response is sent.
   */
  readonly stateFile?: string;
  /** Journal size in bytes that starts a background compaction (default 4 MiB or more). */
  readonly stateCompactBytes?: number;
  /** State-file warnings (a torn last journal line dropped on load). Default `console.warn`. */
  readonly onWarning?: (message: string) => void;
  /**
   * Browser origins allowed to call the API over `listen()` (CORS): `'*'`, a list such as
   * `['https://app.example.com', 'http://localhost:*']`, or `false` for none. Default: any
   * `http://localhost:*` and `http://127.0.0.1:*` origin.
   */
  readonly cors?: CorsOrigins | false;
}

/** A reference server: msw handlers, admin controls, the store and a node:http listener. */
export interface ReferenceServer extends ReferenceCore {
  /**
   * Serves the same state over node:http. From then on, due events (renewals, expiries, a
   * Shield grace end) are applied the moment they fall due on a running clock, so the journal's
   * stream and the console show them as they happen; in process only, the next request applies
   * them (a suite's fake timers never run the server's).
   */
  listen(options?: ListenOptions): Promise<ListeningServer>;
  /** Resolves once every change so far is durable (at once without `stateFile`). */
  flush(): Promise<void>;
  /** Stops applying due events on its own, waits for pending state-file writes and closes the files; the server is done after. */
  close(): Promise<void>;
}

/**
 * A reference server over node:http, with the msw handlers `buildHandlers` makes (none by
 * default: `createReferenceServer` of `@refapi/server` gives them).
 */
export function createNodeServer(
  options: ReferenceServerOptions = {},
  buildHandlers?: MswHandlerFactory,
): ReferenceServer {
  const attach =
    options.stateFile === undefined
      ? undefined
      : attachStateFile({
          path: options.stateFile,
          ...(options.stateCompactBytes === undefined
            ? {}
            : { compactBytes: options.stateCompactBytes }),
          onWarning: options.onWarning ?? ((message) => console.warn(`ref-server: ${message}`)),
        });
  const { core, handle, handleWithCors, basePath, onError, durable, refusalWindow, timeKeeping } =
    createReferenceCore(options, attach, undefined, buildHandlers);
  // Open node:http listeners: while there is one, due events are applied as they fall due.
  let listeners = 0;
  return {
    // Not spread: `handlers` is a getter, built on first use.
    get handlers() {
      return core.handlers;
    },
    admin: core.admin,
    store: core.store,
    ready: core.ready,
    baseUrl: core.baseUrl,
    adminToken: core.adminToken,
    fetch: core.fetch,
    listen: async (listenOptions = {}) => {
      const cors = listenOptions.cors ?? options.cors ?? DEFAULT_CORS_ORIGINS;
      // The same request chain, with its CORS step for these origins.
      const served = cors === false ? handle : handleWithCors(cors);
      const listening = await listenHttp(
        served,
        basePath,
        onError,
        listenOptions,
        undefined,
        refusalWindow,
      );
      if (listeners++ === 0) timeKeeping.start();
      let closed = false;
      return {
        ...listening,
        close: () => {
          if (!closed && listeners > 0 && --listeners === 0) timeKeeping.stop();
          closed = true;
          return listening.close();
        },
      };
    },
    flush: () => durable?.flush() ?? Promise.resolve(),
    close: () => {
      listeners = 0;
      timeKeeping.stop();
      return durable?.close() ?? Promise.resolve();
    },
  };
}
