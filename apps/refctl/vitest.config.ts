import { refapiProject } from '../../vitest.shared';

export default refapiProject('refctl');
