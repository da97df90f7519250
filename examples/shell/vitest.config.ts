import { refapiProject } from '../../vitest.shared.ts';

export default refapiProject('example-shell', {
  // The script runs the built refctl; build it once if a fresh checkout has no dist yet.
  globalSetup: ['test/global-setup.ts'],
});
