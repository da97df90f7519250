// Build smoke test: the published entry points load through both module systems and serve.
import { readdirSync, readFileSync } from 'node:fs';
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

// @refapi/server/msw-data through both module systems: the demo state as @msw/data
// collections, one fixture changed, served again. Only this entry loads @msw/data (an
// optional peer): no other file of dist/ names it.
for (const [name, interop, mod] of [
  ['require', require('../dist/msw-data.cjs'), cjs],
  ['import', await import('../dist/msw-data.js'), esm],
]) {
  const demo = mod.createReferenceServer();
  await demo.ready;
  const state = demo.admin.state();
  const db = await interop.collectionsFromState(state);
  await db.accounts.update((q) => q.where({ account_ref: 'REF-ACCT-1' }), {
    data(account) {
      account.balance = 12.5;
    },
  });
  const server = mod.createReferenceServer({
    scenario: interop.scenarioFromCollections(db, state),
  });
  const response = await server.fetch('https://api.ref.test/v1/balance', {
    headers: { authorization: 'Bearer refak_demo_eur_full' },
  });
  const body = await response.json();
  if (response.status !== 200 || body.amount !== 12.5) {
    console.error(`dist smoke (${name} @refapi/server/msw-data) failed:`, response.status, body);
    process.exit(1);
  }
}
const distDir = new URL('../dist/', import.meta.url);
const naming = readdirSync(distDir).filter(
  (file) =>
    /\.c?js$/.test(file) &&
    !file.startsWith('msw-data.') &&
    readFileSync(new URL(file, distDir), 'utf8').includes('@msw/data'),
);
if (naming.length > 0) {
  console.error('dist smoke: only dist/msw-data.* may load @msw/data, not', naming.join(', '));
  process.exit(1);
}
console.log(
  'dist smoke: @refapi/server/msw-data (require and import), the other entries free of @msw/data',
);
