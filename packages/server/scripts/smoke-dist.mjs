// Build smoke test: the published entry points load through both module systems and serve.
import { readFileSync } from 'node:fs';
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

// The test kit through both module systems (ESM imports vitest's hooks only when a runner
// has no globals; CommonJS uses the globals), driven here without a runner.
for (const [name, kit] of [
  ['require', require('../dist/vitest.cjs')],
  ['import', await import('../dist/vitest.js')],
]) {
  const ref = kit.createRefTestServer({ scenario: kit.scenario().account().key() });
  await ref.start();
  ref.failNext('getAccount', 503);
  const statuses = [];
  for (let i = 0; i < 2; i++) {
    const response = await fetch(`${ref.baseUrl}/me`, {
      headers: { authorization: `Bearer ${ref.apiKey}` },
    });
    statuses.push(response.status);
  }
  await ref.reset();
  ref.stop();
  if (statuses.join() !== '503,200') {
    console.error(`dist smoke (${name} @refapi/server/vitest) failed:`, statuses);
    process.exit(1);
  }
}

// The browser entry must not pull in anything Node-only.
const browser = readFileSync(new URL('../dist/browser.js', import.meta.url), 'utf8');
if (/from\s*["']node:|require\(|["']msw\/node["']/.test(browser)) {
  console.error('dist smoke: dist/browser.js imports something Node-only');
  process.exit(1);
}
console.log('dist smoke: @refapi/server/vitest (require and import) and /browser');
