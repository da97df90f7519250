#!/usr/bin/env node
// `pnpm test:pack`: the packages as an outside project gets them. Packs every publishable
// package with `pnpm pack` (workspace:* becomes a real version, publishConfig applies),
// installs the tarballs with npm into a temporary project (third-party packages from the
// registry, nothing from the workspace), and checks what consumers rely on. Run after
// `pnpm build`.
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'refapi-pack-'));
const tarballs = join(work, 'tarballs');
const project = join(work, 'project');
const keep = process.argv.includes('--keep');
let failures = 0;

function check(name, fn) {
  return Promise.resolve()
    .then(fn)
    .then(
      () => console.log(`ok   ${name}`),
      (error) => {
        failures++;
        console.log(
          `FAIL ${name}\n     ${String(error?.stderr || error?.message || error)
            .trim()
            .replaceAll('\n', '\n     ')}`,
        );
      },
    );
}

const run = (cmd, args, cwd, env = {}) =>
  execFileSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    stdio: 'pipe',
    env: { ...process.env, ...env },
  });

/** The workspace packages that are published: not private, under packages/ and apps/. */
function publishable() {
  return ['packages', 'apps'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .map((name) => join(root, dir, name))
      .filter((path) => existsSync(join(path, 'package.json')))
      .filter(
        (path) => JSON.parse(readFileSync(join(path, 'package.json'), 'utf8')).private !== true,
      ),
  );
}

// Every file path an exports map points at, with the conditions that lead there.
function targets(exports, conditions = []) {
  if (typeof exports === 'string') return [{ conditions, path: exports }];
  return Object.entries(exports ?? {}).flatMap(([key, value]) =>
    targets(value, [...conditions, key]),
  );
}

mkdirSync(tarballs, { recursive: true });
mkdirSync(project, { recursive: true });
const packages = publishable();
for (const dir of packages) run('pnpm', ['pack', '--pack-destination', tarballs], dir);
const files = readdirSync(tarballs).map((file) => join(tarballs, file));
console.log(`packed ${files.length}: ${readdirSync(tarballs).join(' ')}`);

// What each tarball ships, and its published package.json.
const manifests = new Map();
for (const file of files) {
  const listing = run('tar', ['-tzf', file], work)
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^package\//, './'));
  const manifest = JSON.parse(run('tar', ['-xzOf', file, 'package/package.json'], work));
  manifests.set(manifest.name, { manifest, listing: new Set(listing) });
}

for (const [name, { manifest, listing }] of manifests) {
  await check(`${name}: exports point at shipped files, no @refapi/source condition`, () => {
    for (const { conditions, path } of targets(manifest.exports)) {
      if (conditions.includes('@refapi/source'))
        throw new Error(`exports ${conditions.join(' > ')} → ${path}`);
      if (!listing.has(path))
        throw new Error(`exports ${conditions.join(' > ')} → ${path} is not in the tarball`);
    }
    for (const [bin, path] of Object.entries(manifest.bin ?? {}))
      if (!listing.has(`./${path.replace(/^\.\//, '')}`))
        throw new Error(`bin ${bin} → ${path} is not shipped`);
  });
  await check(`${name}: no workspace: protocol left`, () => {
    const text = JSON.stringify(manifest);
    if (text.includes('workspace:')) throw new Error(text.match(/"[^"]+":"workspace:[^"]*"/)?.[0]);
  });
}

// One npm install of all tarballs (the internal packages are not on the registry) plus the
// tools the checks use.
writeFileSync(
  join(project, 'package.json'),
  JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
);
console.log('npm install (tarballs + typescript, vitest, @types/node from the registry)…');
run(
  'npm',
  [
    'install',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    ...files,
    'typescript@~5.9.3',
    'vitest@^4.1.0',
    '@types/node@^20.19.0',
  ],
  project,
);

// ESM import and CJS require of each entry (the browser entry is for bundlers: resolved only).
for (const [name, { manifest }] of manifests) {
  for (const [subpath, conditions] of Object.entries(manifest.exports ?? {})) {
    if (subpath === './package.json' || subpath.endsWith('.json')) continue;
    const specifier = subpath === '.' ? name : `${name}/${subpath.slice(2)}`;
    const flat = targets(conditions).map((t) => t.conditions[0]);
    const browser = subpath.includes('browser');
    await check(`import ${specifier}`, () => {
      const code = browser
        ? `import.meta.resolve(${JSON.stringify(specifier)})`
        : `const m = await import(${JSON.stringify(specifier)}); if (Object.keys(m).length === 0) throw new Error('no exports')`;
      run(process.execPath, ['--input-type=module', '-e', code], project);
    });
    if (flat.includes('require')) {
      await check(`require ${specifier}`, () => {
        const code = `const m = require(${JSON.stringify(specifier)}); if (Object.keys(m).length === 0) throw new Error('no exports')`;
        run(process.execPath, ['--input-type=commonjs', '-e', code], project);
      });
    }
  }
}

// The SDK's types under both resolution modes users pick.
writeFileSync(
  join(project, 'sdk-types.ts'),
  `import { RefClient, NotFoundError } from '@refapi/sdk';
import type { Account } from '@refapi/schema';

const client = new RefClient({ apiKey: 'refak_demo_eur_full', baseUrl: 'http://127.0.0.1:4010/v1' });
export async function email(): Promise<string> {
  const account: Account = await client.account.get();
  return account.email;
}
export const isMissing = (error: unknown): boolean => error instanceof NotFoundError;
`,
);
for (const resolution of ['node16', 'bundler']) {
  await check(`tsc sdk-types.ts (moduleResolution ${resolution})`, () => {
    const module = resolution === 'node16' ? 'node16' : 'esnext';
    run(
      join(project, 'node_modules/.bin/tsc'),
      [
        '--noEmit',
        '--strict',
        '--module',
        module,
        '--moduleResolution',
        resolution,
        '--target',
        'es2022',
        '--lib',
        'es2023,dom',
        '--types',
        'node',
        'sdk-types.ts',
      ],
      project,
    );
  });
}

// ref-server from the package, and refctl against it.
await check('npx ref-server --port 0 answers; npx refctl me against it', async () => {
  const server = spawn('npx', ['--no', '--', 'ref-server', '--port', '0', '--log', 'silent'], {
    cwd: project,
    detached: true,
  });
  try {
    let out = '';
    server.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    server.stderr.setEncoding('utf8').on('data', (chunk) => (out += chunk));
    const deadline = Date.now() + 60_000;
    while (!/key: /.test(out)) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`ref-server did not start: ${out}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const baseUrl = /listening on (\S+)/.exec(out)[1];
    const me = await fetch(`${baseUrl}/me`, {
      headers: { authorization: 'Bearer refak_demo_eur_full' },
    });
    if (me.status !== 200) throw new Error(`GET /me answered ${me.status}`);
    const refctl = JSON.parse(
      run('npx', ['--no', '--', 'refctl', 'me', '-o', 'json'], project, {
        REF_BASE_URL: baseUrl,
        REF_API_KEY: 'refak_demo_eur_full',
      }),
    );
    if (refctl.account_ref !== 'REF-ACCT-1')
      throw new Error(`refctl me printed ${JSON.stringify(refctl)}`);
  } finally {
    if (server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  }
});

// The test kit with the SDK, in the consumer's own vitest.
writeFileSync(
  join(project, 'kit.test.ts'),
  `import { RefClient, NotFoundError } from '@refapi/sdk';
import { scenario, setupRefServer } from '@refapi/server/vitest';
import { expect, it } from 'vitest';

const ref = setupRefServer({ scenario: scenario().account({ currency: 'EUR', balance: 50 }).key(['*']) });

it('the SDK reads the account from the test kit', async () => {
  const client = new RefClient({ apiKey: ref.apiKey, baseUrl: ref.baseUrl });
  const account = await client.account.get();
  expect(account.account_ref).toBe('REF-ACCT-1');
  await expect(client.services.get('REF-SVC-404')).rejects.toBeInstanceOf(NotFoundError);
});
`,
);
await check('vitest with @refapi/server/vitest and the SDK', () => {
  run(join(project, 'node_modules/.bin/vitest'), ['run', 'kit.test.ts'], project, { CI: '1' });
});

if (keep) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
if (failures > 0) {
  console.log(`test:pack: ${failures} check(s) failed`);
  process.exit(1);
}
console.log('test:pack: every check passed');
