import { FetchInterceptor } from '@mswjs/interceptors/fetch/web';
import type { RequestHandler } from 'msw';
import { defineNetwork, InterceptorSource } from 'msw/experimental';
import {
  AsyncHandlersController,
  defaultNetworkOptions,
  type SetupServer,
  setupServer,
} from 'msw/node';

/**
 * Where msw catches a request: `'socket'`, Node's `net`/`tls` sockets (msw's setupServer:
 * `fetch`, `node:http`, anything over Undici); `'fetch'`, the global `fetch` itself.
 */
export type Interception = 'socket' | 'fetch';

/** The globals that name a runtime other than Node. */
interface Runtime {
  Bun?: unknown;
  Deno?: unknown;
}

// The fetch interceptor ships in @mswjs/interceptors' browser build, whose declaration files
// repeat the Interceptor class msw's types import from the Node build: the same class at run
// time, two class types (private fields) to tsc.
type SourceInterceptors = ConstructorParameters<typeof InterceptorSource>[0]['interceptors'];

/**
 * The interception that works in a runtime. msw 3's setupServer (@mswjs/interceptors 0.45)
 * catches requests on Node's sockets, and Bun's and Deno's `fetch` are native, never opening a
 * `net.Socket`: under them the request would reach DNS, so the global `fetch` is patched instead.
 */
export function interceptionFor(runtime: Runtime): Interception {
  return runtime.Bun === undefined && runtime.Deno === undefined ? 'socket' : 'fetch';
}

/**
 * msw's setupServer for the runtime the tests run in: msw's own, or the same server
 * (handlers, `use()`, `boundary()`, life-cycle events) over msw's fetch interceptor.
 */
export function setupMswServer(
  handlers: RequestHandler[],
  interception: Interception = interceptionFor(globalThis as Runtime),
): SetupServer {
  if (interception === 'socket') return setupServer(...handlers);
  // msw's setupServer with its network's source swapped: the fetch interceptor msw's browser
  // build falls back to, which replaces `globalThis.fetch` while the server listens.
  const controller = new AsyncHandlersController(handlers);
  const network = defineNetwork({
    ...defaultNetworkOptions,
    sources: [
      new InterceptorSource({
        interceptors: [new FetchInterceptor()] as unknown as SourceInterceptors,
      }),
    ],
    handlers: controller,
  });
  return {
    get readyState() {
      return network.readyState;
    },
    events: network.events,
    listen(options) {
      if (network.readyState !== 0) throw new Error('the msw server is already listening');
      network.configure({ onUnhandledFrame: options?.onUnhandledFrame ?? 'warn' });
      void network.enable();
    },
    use: network.use.bind(network),
    resetHandlers: network.resetHandlers.bind(network),
    restoreHandlers: network.restoreHandlers.bind(network),
    listHandlers: network.listHandlers.bind(network),
    close() {
      void network.disable();
    },
    boundary: controller.boundary.bind(controller),
  };
}
