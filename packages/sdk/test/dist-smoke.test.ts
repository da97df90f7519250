import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const dist = join(pkgDir, 'dist');

function newestSource(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs;
    }),
  );
}

// Builds only when dist is missing or older than src: `pnpm test` has just built it.
beforeAll(() => {
  const built = join(dist, 'index.cjs');
  if (existsSync(built) && statSync(built).mtimeMs > newestSource(join(pkgDir, 'src'))) return;
  const tsup = createRequire(import.meta.url).resolve('tsup/dist/cli-default.js');
  execFileSync(process.execPath, [tsup], { cwd: pkgDir, stdio: 'pipe' });
}, 120_000);

// Runs in a fresh node without the source condition, so the package's exports map is used.
const script = (load: string) => `
${load}
const fetch = async () => new Response('{"error":"invalid_api_key"}', { status: 401 });
const client = new sdk.RefClient({ apiKey: 'refak_smoke', baseUrl: 'http://127.0.0.1:9/v1', fetch });
client.account.get().catch((e) => {
  console.log(JSON.stringify({
    version: sdk.VERSION,
    name: e.name,
    status: e.status,
    api: e instanceof sdk.RefApiError,
    guard: sdk.isAuthenticationError(e),
  }));
});`;

const run = (args: string[]) =>
  JSON.parse(execFileSync(process.execPath, args, { cwd: pkgDir, encoding: 'utf8' }));

const expected = {
  version: createRequire(import.meta.url)('../package.json').version,
  name: 'AuthenticationError',
  status: 401,
  api: true,
  guard: true,
};

it('require()s the CommonJS build', () => {
  expect(run(['-e', script("const sdk = require('@refapi/sdk');")])).toEqual(expected);
});

it('import()s the ESM build', () => {
  const esm = script("const sdk = await import('@refapi/sdk');");
  expect(run(['--input-type=module', '-e', esm])).toEqual(expected);
});

it('ships type declarations for both formats', () => {
  for (const file of ['index.d.ts', 'index.d.cts']) {
    expect(statSync(join(dist, file)).size).toBeGreaterThan(1000);
  }
});
