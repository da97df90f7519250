import { refapiProject } from '../vitest.shared';

export default refapiProject('e2e');
