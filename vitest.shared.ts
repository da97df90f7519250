import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

// Vite's default server conditions, with ours first: workspace packages resolve to their
// TypeScript sources (the `@refapi/source` export condition), so tests need no prior build.
const conditions = ['@refapi/source', 'module', 'node', 'development|production'];
const tmpdirSetup = fileURLToPath(new URL('./vitest.tmpdir.ts', import.meta.url));

/** Shared settings of every vitest project in the workspace. */
export function refapiProject(name: string, test: UserWorkspaceConfig['test'] = {}) {
  return defineProject({
    resolve: { conditions },
    ssr: { resolve: { conditions } },
    test: {
      name,
      environment: 'node',
      // One worker more than the cores. Many files spend much of their time waiting (on a
      // child process, a browser, a socket, a retry's backoff), and a first run transforms
      // every module in the main process while the workers wait for it: with one worker per
      // core, 2 cores were busy 76 % of a full run. A third worker took a run without the
      // module cache on 2 cores from 210-218 s to 171-193 s (a fresh clone's `pnpm test`: 298
      // to 251 s). vitest's default for `run` is one worker fewer than the cores. Every
      // project takes the same count: vitest runs them in one pool.
      maxWorkers: availableParallelism() + 1,
      // The workers share the cores with the processes the tests spawn: a CPU-heavy test
      // (600 requests, a large jq input) gets less of a core than it had alone. The default
      // 5 s failed such tests on a loaded machine; a hung test still fails.
      testTimeout: 15_000,
      ...test,
      globalSetup: [tmpdirSetup, ...[test.globalSetup ?? []].flat()],
    },
  });
}

/**
 * The project of a workspace package defined in the root config: its test files under `dir`,
 * its setup files named relative to `dir`, the workspace root as its root (shared by every
 * such project, so they share vite's module cache; see vitest.config.ts).
 */
export function packageProject(dir: string, name: string, test: UserWorkspaceConfig['test'] = {}) {
  const inDir = (files: string | string[] | undefined) =>
    [files ?? []].flat().map((file) => `${dir}/${file}`);
  return refapiProject(name, {
    ...test,
    dir,
    globalSetup: inDir(test.globalSetup),
    setupFiles: inDir(test.setupFiles),
  });
}
