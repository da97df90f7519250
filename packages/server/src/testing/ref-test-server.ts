import type { SetupServer } from 'msw/node';
import { setupMswServer } from './setup-msw-server';
import { createTestControls, type RefTestControls, type RefTestOptions } from './test-controls';
import { toUnhandledFrame, UnhandledRequests } from './unhandled-requests';

/** A reference server behind msw's `setupServer`, with explicit lifecycle calls. */
export interface RefTestServer extends RefTestControls {
  /** The msw server: `ref.server.use(http.get(…))` overrides a handler for one test. */
  readonly server: SetupServer;
  /** Waits for the scenario, then intercepts requests (`onUnhandledRequest`, default `'error'`). */
  start(): Promise<void>;
  /**
   * Back to the scenario's state and the default handlers, then, with `onUnhandledRequest:
   * 'error'`, throws if any request since the last reset matched no handler (run it after each test).
   */
  reset(): Promise<void>;
  /** Stops intercepting. */
  stop(): void;
}

/**
 * A reference server for any test runner: call `start()` before the tests, `reset()`
 * after each and `stop()` at the end. `setupRefServer()` does exactly that with the
 * runner's hooks.
 * @example
 * const ref = createRefTestServer({ scenario: scenario().plan().account().key() });
 * await ref.start(); … await ref.reset(); … ref.stop();
 */
export function createRefTestServer(options: RefTestOptions = {}): RefTestServer {
  // The controls reach the msw server lazily (failNext), as it needs their handlers first.
  const controls = createTestControls(options, () => server);
  const server = setupMswServer(controls.reference.handlers);
  const unhandled = new UnhandledRequests(server.events);
  const resetState = controls.reset;
  const onUnhandledRequest = options.onUnhandledRequest ?? 'error';
  let listening = false;

  return Object.assign(controls, {
    server,
    async start() {
      await controls.reference.ready;
      listening = true;
      server.listen({ onUnhandledFrame: toUnhandledFrame(onUnhandledRequest) });
    },
    async reset() {
      await resetState();
      // Only 'error' fails the test; the other strategies have had their say already.
      if (onUnhandledRequest === 'error') unhandled.assertNone();
      else unhandled.take();
    },
    stop() {
      // msw 3 throws on closing a server that does not listen; stopping twice is harmless here.
      if (listening) server.close();
      listening = false;
    },
  });
}
