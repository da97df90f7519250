import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// setupRefServer under node:test, which has no global hooks: the kit imports node:test's
// before/afterEach/after (it used to throw vitest's "failed to find the runner"). The fixture
// runs the kit from its TypeScript sources in a real `node --test`.

// A user's shell: none of the variables vitest sets for its own workers.
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST'),
);
const fixture = fileURLToPath(
  new URL('../../test/fixtures/runners/node-test-kit.mjs', import.meta.url),
);

it('finds the hooks of node:test: starts msw before, resets and checks after each test', {
  timeout: 60_000,
}, () => {
  const run = spawnSync(
    process.execPath,
    ['--conditions=@refapi/source', '--import', 'tsx', '--test', '--test-reporter=tap', fixture],
    { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8', env },
  );
  const output = `${run.stdout}${run.stderr}`;
  expect(output).toMatch(/^ok \d+ - serves the scenario once the runner started it$/m);
  // The afterEach of the kit fails the test whose request no handler answered.
  expect(output).toMatch(/^not ok \d+ - fails the test that fetched what no handler answers$/m);
  expect(output).toContain('GET http://unhandled.example.invalid/x');
  expect(output).not.toMatch(/failed to find the runner|found no beforeAll/);
  expect(run.status).toBe(1);
});
