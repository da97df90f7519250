import { refapiProject } from '../../vitest.shared';

export default refapiProject('example-vitest-suite');
