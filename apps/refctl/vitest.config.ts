import { refapiProject } from '../../vitest.shared.ts';

export default refapiProject('refctl', {
  // e2e tests spawn the built dist/refctl.js; the setup rebuilds it when sources changed.
  globalSetup: ['test/global-setup.ts'],
});
