import { refapiProject } from '../../vitest.shared.ts';

export default refapiProject('mcp', {
  // The end-to-end tests spawn the built bin; the setup rebuilds it when sources changed.
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
});
