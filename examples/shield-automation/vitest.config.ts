import { refapiProject } from '../../vitest.shared';

export default refapiProject('example-shield-automation');
