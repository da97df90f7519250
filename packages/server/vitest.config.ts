import { refapiProject } from '../../vitest.shared.ts';

export default refapiProject('server');
