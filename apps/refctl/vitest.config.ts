import { refapiProject } from '../../vitest.shared.ts';

export default refapiProject('refctl', {
  // e2e tests spawn the built dist/refctl.cjs; the setup rebuilds it when sources changed.
  globalSetup: ['test/global-setup.ts'],
  // Files share a worker's module graph: each file evaluated refctl's sources, the SDK, the
  // schema and the reference server anew (a third of the project's CPU). Nothing here keeps
  // state between files: commands run over an Io of their own, each file starts its own
  // server and restores its fake timers. The two files with vi.mock (prompts/ask-flags and
  // prompts/order-wizard) are the only importers of the modules they test: refctl loads
  // those lazily, on a terminal only, which in-process runs never are.
  isolate: false,
});
