import { refapiProject } from '../../vitest.shared.ts';

// Unit tests run in node (components opt into happy-dom per file); the e2e tests drive
// Debian's Chromium against a real ref-server and the built console.
export default refapiProject('console', {
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
});
