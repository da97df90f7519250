import { refapiProject } from '../../vitest.shared.ts';

export default refapiProject('mcp', {
  // The end-to-end tests spawn the built bin; the setup rebuilds it when sources changed.
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  // Files share a worker's module graph (the SDKs, the server, the contract), as in the
  // server and sdk projects; each file starts and closes its own servers and restores the
  // one variable it stubs (REF_LOG_LEVEL, read-tools.test.ts).
  isolate: false,
});
