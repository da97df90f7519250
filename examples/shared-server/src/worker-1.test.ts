import { workerSuite } from './worker-suite';

// One of three files vitest runs in parallel worker processes (see worker-suite.ts).
workerSuite(1);
