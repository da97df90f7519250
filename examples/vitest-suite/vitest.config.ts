import { refapiProject } from '../../vitest.shared.ts';

export default refapiProject('example-vitest-suite');
