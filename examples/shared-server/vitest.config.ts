import { refapiProject } from '../../vitest.shared.ts';

// One server for the whole run (global-setup.ts); the test files run in parallel in worker
// processes (`forks`), so nothing but HTTP connects them to it.
export default refapiProject('example-shared-server', {
  globalSetup: ['./global-setup.ts'],
  pool: 'forks',
  fileParallelism: true,
});
