// Build smoke test: the published entry points load through both module systems and serve.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const cjs = require('../dist/index.cjs');
const esm = await import('../dist/index.js');

for (const [name, mod] of [
  ['require', cjs],
  ['import', esm],
]) {
  const server = mod.createReferenceServer();
  const response = await server.fetch('https://api.ref.test/v1/me', {
    headers: { authorization: 'Bearer refak_demo_eur_full' },
  });
  const body = await response.json();
  if (response.status !== 200 || body.account_ref !== 'REF-ACCT-1') {
    console.error(`dist smoke (${name}) failed:`, response.status, body);
    process.exit(1);
  }
}
console.log('dist smoke: require() and import() both serve GET /v1/me');
