import { refapiProject } from '../../vitest.shared.ts';

export default refapiProject('server', {
  // Files share a worker's module graph: the server's ~370 modules were evaluated ~890 times
  // per run (a third of its test time). Each file builds its own server and restores what
  // it stubs, so nothing a file leaves behind reaches the next.
  isolate: false,
});
