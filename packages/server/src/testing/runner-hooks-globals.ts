/** The lifecycle hooks the test kit registers, as jest and vitest name them. */
export interface RunnerHooks {
  beforeAll(fn: () => unknown): void;
  afterEach(fn: () => unknown): void;
  afterAll(fn: () => unknown): void;
}

/** The runner's global hooks (jest, vitest with `globals: true`, mocha's bdd aliases), if any. */
export function globalRunnerHooks(): RunnerHooks | undefined {
  const scope = globalThis as Partial<RunnerHooks>;
  const { beforeAll, afterEach, afterAll } = scope;
  if (typeof beforeAll !== 'function' || typeof afterEach !== 'function') return undefined;
  if (typeof afterAll !== 'function') return undefined;
  return { beforeAll, afterEach, afterAll };
}

/** The hooks to use, or a clear error when the runner offers none. */
export function runnerHooks(imported?: RunnerHooks): RunnerHooks {
  const hooks = globalRunnerHooks() ?? imported;
  if (hooks === undefined) {
    throw new Error(
      'setupRefServer() found no beforeAll/afterEach/afterAll: run it inside vitest, Jest, ' +
        'node:test or bun test (or enable the globals of your runner), or use ' +
        'createRefTestServer() with explicit start(), reset() and stop()',
    );
  }
  return hooks;
}

/**
 * The runner's global hooks; the CommonJS build's stand-in for runner-hooks.ts.
 * @public tsup's build swaps this module in, so no source file imports it by this name.
 */
export function resolveRunnerHooks(): RunnerHooks {
  return runnerHooks();
}
