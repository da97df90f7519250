import { refapiProject } from '../../vitest.shared.ts';

// Pure tests: one worker runs every file (the schemas are built once, not once per file).
export default refapiProject('schema', { isolate: false });
