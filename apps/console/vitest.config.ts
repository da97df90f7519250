import { refapiProject } from '../../vitest.shared.ts';

// Unit tests run in node (components opt into happy-dom per file); the e2e tests drive
// Debian's Chromium against a real ref-server and the built console.
export default refapiProject('console', {
  globalSetup: ['test/global-setup.ts'],
  // Files share their worker's module graph and happy-dom page: importing React, the
  // console and the server once per worker instead of once per file halves the project's
  // CPU. Each file renders its own App and restores what it stubs; the setup file puts back
  // what a file could leave behind (address, storage, timers, globals).
  isolate: false,
  setupFiles: ['test/fresh-file.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
});
