import { availableParallelism } from 'node:os';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

// Vite's default server conditions, with ours first: workspace packages resolve to their
// TypeScript sources (the `@refapi/source` export condition), so tests need no prior build.
const conditions = ['@refapi/source', 'module', 'node', 'development|production'];

/** Shared settings of every vitest project in the workspace. */
export function refapiProject(name: string, test: UserWorkspaceConfig['test'] = {}) {
  return defineProject({
    resolve: { conditions },
    ssr: { resolve: { conditions } },
    test: {
      name,
      environment: 'node',
      // vitest's default for `run` is one worker fewer than the cores: a single worker on a
      // 2-core machine, with the other core idle whenever a test waits for a process or a
      // socket. Every project takes the same count (vitest runs them in one pool).
      maxWorkers: availableParallelism(),
      // Two workers share two cores with the processes the tests spawn: a CPU-heavy test
      // (600 requests, a large jq input) gets less of a core than it had alone. The default
      // 5 s failed such tests on a loaded machine; a hung test still fails.
      testTimeout: 15_000,
      ...test,
    },
  });
}
