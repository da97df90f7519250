import { refapiProject } from '../vitest.shared.ts';

export default refapiProject('e2e', {
  // Files share a worker's module graph (the schema, server and SDK sources are evaluated
  // once per worker, not per file); each file starts its own servers and processes, and
  // none mocks a module or stubs a global.
  isolate: false,
});
