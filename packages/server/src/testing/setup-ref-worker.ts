import { type SetupWorker, type StartOptions, setupWorker } from 'msw/browser';
import { createTestControls, type RefTestControls, type RefTestOptions } from './test-controls';
import { toUnhandledFrame } from './unhandled-requests';

/** The reference server in a browser tab, behind msw's service worker. */
export interface RefWorker extends RefTestControls {
  /** The msw worker: `ref.worker.use(http.get(…))` overrides a handler. */
  readonly worker: SetupWorker;
  /**
   * Waits for the scenario, then registers msw's `mockServiceWorker.js` (served at the site
   * root unless `serviceWorker.url` says otherwise) and intercepts requests. Requests the
   * server does not own go to the network (`onUnhandledRequest: 'bypass'`, msw's `onUnhandledFrame`) unless overridden.
   */
  start(options?: StartOptions): Promise<void>;
  /** Stops intercepting. */
  stop(): void;
}

/**
 * The reference server for front-end tests and Storybook: the same handlers as in Node, run
 * by msw's `setupWorker`. Copy `mockServiceWorker.js` into your public folder once
 * (`npx msw init public/`).
 * @example
 * const ref = setupRefWorker({ scenario: scenario().plan().account().withKvm().key() });
 * await ref.start();
 * await fetch(`${ref.baseUrl}/me`, { headers: { authorization: `Bearer ${ref.apiKey}` } });
 */
export function setupRefWorker(options: RefTestOptions = {}): RefWorker {
  // The controls reach the worker lazily (failNext), as it needs their handlers first.
  const controls = createTestControls(options, () => worker);
  const worker = setupWorker(...controls.reference.handlers);
  return Object.assign(controls, {
    worker,
    async start(startOptions: StartOptions = {}) {
      await controls.reference.ready;
      await worker.start({
        onUnhandledFrame: toUnhandledFrame(options.onUnhandledRequest ?? 'bypass'),
        quiet: true,
        ...startOptions,
      });
    },
    stop() {
      worker.stop();
    },
  });
}
