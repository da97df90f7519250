import { createRefTestServer, type RefTestServer } from './ref-test-server';
import { resolveRunnerHooks } from './runner-hooks';
import type { RefTestOptions } from './test-controls';

/**
 * A reference server for the test file it is called in: msw intercepts requests to
 * `baseUrl` before all tests; after each test the state, the handlers and the journal are
 * reset and any request that matched no handler fails the test; msw stops after all.
 * Uses the runner's global hooks (jest, vitest with globals), else vitest's.
 * @example
 * const ref = setupRefServer({ scenario: scenario().plan().account({ balance: 50 }).key() });
 * it('buys', async () => { …; expect(ref.requests({ operationId: 'createOrder' })).toHaveLength(1) });
 */
export function setupRefServer(options: RefTestOptions = {}): RefTestServer {
  const hooks = resolveRunnerHooks();
  const ref = createRefTestServer(options);
  hooks.beforeAll(() => ref.start());
  hooks.afterEach(() => ref.reset());
  hooks.afterAll(() => ref.stop());
  return ref;
}
