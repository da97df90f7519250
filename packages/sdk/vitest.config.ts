import { refapiProject } from '../../vitest.shared.ts';

export default refapiProject('sdk', {
  // Files share a worker's module graph (imports were half the SDK's test time); each file
  // starts its own server and restores what it stubs.
  isolate: false,
});
