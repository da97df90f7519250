import { defineConfig } from 'vitest/config';
import { ProjectGroupedSequencer } from './vitest.sequencer.ts';
import { packageProject } from './vitest.shared.ts';

// One vitest project per workspace package, defined here rather than in each package: vite
// keys its module cache by a project's root and config file, so projects of their own each
// transformed the workspace's TypeScript sources they import (the server's alone, ~370
// modules, by eight projects), one after another on the main process while the workers
// waited. Sharing the root and this file, a module transformed for one project is read from
// the cache by the others: a fresh clone's run took 228 s and 28 s of main-process CPU
// instead of 249 s and 36 s. The examples keep their own configs, as a copied example would.
export default defineConfig({
  test: {
    projects: [
      // Files share a worker's module graph (`isolate: false`): the server's ~370 modules were
      // evaluated ~890 times per run (a third of its test time). Each file builds its own
      // server and restores what it stubs, so nothing a file leaves behind reaches the next.
      packageProject('packages/server', 'server', { isolate: false }),
      // Pure tests: one worker runs every file (the schemas are built once, not once per file).
      packageProject('packages/schema', 'schema', { isolate: false }),
      // Imports were half the SDK's test time; each file starts its own server and restores
      // what it stubs.
      packageProject('packages/sdk', 'sdk', { isolate: false }),
      packageProject('packages/mcp', 'mcp', {
        // The end-to-end tests spawn the built bin; the setup rebuilds it when sources changed.
        globalSetup: ['test/global-setup.ts'],
        testTimeout: 30_000,
        // Each file starts and closes its own servers and restores the one variable it stubs
        // (REF_LOG_LEVEL, read-tools.test.ts).
        isolate: false,
      }),
      packageProject('apps/refctl', 'refctl', {
        // e2e tests spawn the built dist/refctl.cjs; the setup rebuilds it when sources changed.
        globalSetup: ['test/global-setup.ts'],
        // Each file evaluated refctl's sources, the SDK, the schema and the reference server
        // anew (a third of the project's CPU). Nothing here keeps state between files:
        // commands run over an Io of their own, each file starts its own server and restores
        // its fake timers. The two files with vi.mock (prompts/ask-flags and
        // prompts/order-wizard) are the only importers of the modules they test: refctl loads
        // those lazily, on a terminal only, which in-process runs never are.
        isolate: false,
      }),
      // Unit tests run in node (components opt into happy-dom per file); the e2e tests drive
      // Debian's Chromium against a real ref-server and the built console.
      packageProject('apps/console', 'console', {
        globalSetup: ['test/global-setup.ts'],
        // Importing React, the console and the server once per worker instead of once per
        // file halves the project's CPU. Each file renders its own App and restores what it
        // stubs; the setup file puts back what a file could leave behind (address, storage,
        // timers, globals).
        isolate: false,
        setupFiles: ['test/fresh-file.ts'],
        testTimeout: 60_000,
        hookTimeout: 120_000,
      }),
      // The schema, server and SDK sources are evaluated once per worker, not per file; each
      // file starts its own servers and processes, and none mocks a module or stubs a global.
      packageProject('test', 'e2e', { isolate: false }),
      'examples/*',
    ],
    sequence: { sequencer: ProjectGroupedSequencer },
  },
});
