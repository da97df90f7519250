import { refapiProject } from '../../vitest.shared';

export default refapiProject('example-sdk-quickstart');
