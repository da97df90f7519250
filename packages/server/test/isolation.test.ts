import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const vitestBin = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const fixtures = fileURLToPath(new URL('./fixtures/isolation/', import.meta.url));

// Two suites with setupRefServer() in two vitest worker threads at once (they wait for each
// other), both mutating the demo account: each must see its own state only.
it('keeps two suites running in parallel threads apart', async () => {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NO_COLOR: '1',
  };
  const { stdout } = await run(
    process.execPath,
    [vitestBin, 'run', '--config', join(fixtures, 'vitest.config.ts'), '--reporter', 'verbose'],
    { cwd: fixtures, env, timeout: 60_000 },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`isolation suites failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
  });
  expect(stdout).toContain('suite-a.isolation.ts');
  expect(stdout).toContain('suite-b.isolation.ts');
  expect(stdout).toMatch(/Tests\s+2 passed/);
}, 90_000);
