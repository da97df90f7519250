import { globalRunnerHooks, type RunnerHooks, runnerHooks } from './runner-hooks-globals';

export type { RunnerHooks } from './runner-hooks-globals';

// Hooks have to be registered synchronously while the test file is collected, so vitest's
// own exports are loaded up front, and only when the runner has no globals (jest and vitest
// with `globals: true` have them; importing vitest there would be wrong or impossible).
// The CommonJS build swaps this module for runner-hooks-globals.ts: vitest cannot be
// require()d, and CommonJS runners (jest) have the globals.
const imported: RunnerHooks | undefined =
  globalRunnerHooks() === undefined ? await import('vitest').catch(() => undefined) : undefined;

/** The runner's beforeAll/afterEach/afterAll: its globals, else vitest's exports. */
export function resolveRunnerHooks(): RunnerHooks {
  return runnerHooks(imported);
}
