import { startServer } from './test/helpers/test-server';
import { scenario } from './test/helpers/scenario';
const s = await startServer(scenario);
console.log(s.baseUrl);
setTimeout(() => {}, 1e9);
