#!/usr/bin/env node
// `pnpm test:pack`: the packages as an outside project gets them. Packs every publishable
// package as `pnpm pack:all` does (workspace:* becomes a real version, publishConfig applies),
// installs the tarballs with npm into a temporary project (third-party packages from the
// registry, nothing from the workspace), and checks what consumers rely on. Run after
// `pnpm build`. The consumer project runs under Node 24, the newest line we support, while
// the workspace itself builds on the Node 22 floor.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { probeSource, undocumentedFields } from '../packages/sdk/test/helpers/doc-coverage.mjs';
import { packAll } from './pack-all.mjs';

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
          `FAIL ${name}\n     ${String(error?.message ?? error)
            .trim()
            .replaceAll('\n', '\n     ')}`,
        );
      },
    );
}

/** Runs a command to its end: exit status, stdout, and stdout + stderr without colours. */
function exec(cmd, args, cwd, env = {}) {
  const result = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 300_000,
  });
  if (result.error) throw result.error;
  const output = stripVTControlCharacters(`${result.stdout}${result.stderr}`);
  return { status: result.status, stdout: result.stdout, output };
}

/** Like exec, but a non-zero exit throws with the command's whole output. */
function run(cmd, args, cwd, env) {
  const { status, stdout, output } = exec(cmd, args, cwd, env);
  if (status !== 0)
    throw new Error(`${basename(cmd)} ${args.join(' ')}: exit ${status}\n${output}`);
  return stdout;
}

// Every file path an exports map points at, with the conditions that lead there.
function targets(exports, conditions = []) {
  if (typeof exports === 'string') return [{ conditions, path: exports }];
  return Object.entries(exports ?? {}).flatMap(([key, value]) =>
    targets(value, [...conditions, key]),
  );
}

/**
 * The SDK README's OpenTelemetry section: its `npm install` line and its example (the text
 * after the fence's `// examples/…` line). The checks run both as they are written there.
 */
function sdkReadmeOtel() {
  const readme = readFileSync(join(root, 'packages/sdk/README.md'), 'utf8');
  const start = readme.indexOf('\n## OpenTelemetry\n');
  const section = start < 0 ? '' : readme.slice(start, readme.indexOf('\n## ', start + 1));
  const install = /```sh\n(npm install [^\n]+)\n```/.exec(section)?.[1];
  const example = /```ts\n\/\/ examples\/[\w/.-]+\n([\s\S]*?)```/.exec(section)?.[1];
  if (!install || !example)
    throw new Error(
      'packages/sdk/README.md: no npm install line or example under ## OpenTelemetry',
    );
  return { install, example, specs: install.split(/\s+/).slice(2) };
}
const readmeOtel = sdkReadmeOtel();

mkdirSync(project, { recursive: true });
// The same tarballs `pnpm pack:all` makes for the READMEs' install recipe.
const tarballFiles = packAll(tarballs);
console.log(`packed ${tarballFiles.length}: ${readdirSync(tarballs).join(' ')}`);

// What each tarball ships, and its published package.json.
const manifests = new Map();
for (const file of tarballFiles) {
  const listing = run('tar', ['-tzf', file], work)
    .split('\n')
    .filter(Boolean)
    .map((path) => path.replace(/^package\//, './'));
  const manifest = JSON.parse(run('tar', ['-xzOf', file, 'package/package.json'], work));
  manifests.set(manifest.name, { manifest, listing: new Set(listing), file });
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
  // A peer (msw for @refapi/server) that is also a dependency gets its own nested copy:
  // handlers built by one msw, served by the consumer's other one.
  await check(`${name}: no peer dependency is also a dependency`, () => {
    const both = Object.keys(manifest.peerDependencies ?? {}).filter(
      (peer) => manifest.dependencies?.[peer] ?? manifest.optionalDependencies?.[peer],
    );
    if (both.length > 0) throw new Error(`peer and dependency: ${both.join(', ')}`);
  });
}

// Every command in the consumer project runs under Node 24: its bin dir first on PATH, so
// `node`, the `#!/usr/bin/env node` of npm and npx, and every package bin pick it up.
const node24 = run(join(root, 'scripts/node-binary.sh'), ['24'], root).trim();
const consumerEnv = { PATH: `${node24}${delimiter}${process.env.PATH}` };
const inProject = (cmd, args, env = {}) => exec(cmd, args, project, { ...consumerEnv, ...env });
const runInProject = (cmd, args, env = {}) => run(cmd, args, project, { ...consumerEnv, ...env });

// The consumer's compilers: TypeScript 7 (native, the `typescript` package) plus the older
// lines SDK users still run, installed under npm aliases beside it.
const compilers = [
  { version: '5.9', pkg: 'ts59', spec: 'ts59@npm:typescript@5.9.3' },
  { version: '6', pkg: 'ts6', spec: 'ts6@npm:typescript@6.0.3' },
  { version: '7', pkg: 'typescript', spec: 'typescript@^7' },
];

// One npm install of all tarballs (the internal packages are not on the registry) plus the
// tools the checks use. msw is the consumer's own: @refapi/server only peers it; so is
// @msw/data, the optional peer a user of @refapi/server/msw-data installs.
writeFileSync(
  join(project, 'package.json'),
  JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
);
const nodeVersion = runInProject('node', ['--version']).trim();
const npmVersion = runInProject('npm', ['--version']).trim();
console.log(
  `npm install under Node ${nodeVersion}, npm ${npmVersion}: tarballs + msw, @msw/data, OpenTelemetry, vitest, jest, bun, deno, @types/node, typescript 5.9/6/7…`,
);
runInProject('npm', [
  'install',
  '--no-audit',
  '--no-fund',
  '--loglevel=error',
  ...tarballFiles,
  'msw@^3',
  '@msw/data@^1.1.7',
  // The SDK's optional peer and the OpenTelemetry SDK an application registers with it, in
  // the packages the SDK README's install line names.
  ...readmeOtel.specs,
  'vitest@^5',
  'jest@^30',
  // Bun and Deno as the registry ships them (their binaries inside npm packages).
  'bun@^1',
  'deno@^2',
  '@types/node@^22',
  ...compilers.map((compiler) => compiler.spec),
]);

// Two msw copies mean the server's handlers and the consumer's setupServer disagree; two
// copies of msw's interceptors, that the kit's fetch interception (under Bun and Deno) is not
// the one msw's network was built against.
for (const pkg of ['msw', '@mswjs/interceptors']) {
  await check(`npm ls ${pkg}: exactly one copy in the tree`, () => {
    const copies = new Set(
      runInProject('npm', ['ls', pkg, '--all', '--parseable', '--long'])
        .split('\n')
        .filter(Boolean),
    );
    if (copies.size !== 1)
      throw new Error(`expected one ${pkg}, found:\n${[...copies].join('\n')}`);
    if (pkg === 'msw' && !/:msw@3\./.test([...copies][0]))
      throw new Error(`expected msw 3, found ${[...copies][0]}`);
  });
}

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
      runInProject('node', ['--input-type=module', '-e', code]);
    });
    if (flat.includes('require')) {
      await check(`require ${specifier}`, () => {
        const code = `const m = require(${JSON.stringify(specifier)}); if (Object.keys(m).length === 0) throw new Error('no exports')`;
        runInProject('node', ['--input-type=commonjs', '-e', code]);
      });
    }
  }
}

// The consumer's files. The SDK consumer is one text under three extensions: `.mts` is ESM,
// `.cts` is CommonJS (under nodenext its imports compile to require() and resolve the
// `require` condition, i.e. the .d.cts types), `.ts` goes through bundler resolution.
const sdkConsumer = `import { RefClient, NotFoundError } from '@refapi/sdk';
import type { Account } from '@refapi/schema';

const client = new RefClient({ apiKey: 'refak_demo_eur_full', baseUrl: 'http://127.0.0.1:4010/v1' });
export async function email(): Promise<string> {
  const account: Account = await client.account.get();
  return account.email;
}
export const isMissing = (error: unknown): boolean => error instanceof NotFoundError;
`;
const unhandledUrl = 'http://unhandled.example.invalid/x'; // .invalid: msw sees it before DNS
const sources = {
  'sdk-consumer.mts': sdkConsumer,
  'sdk-consumer.cts': sdkConsumer,
  'sdk-consumer.ts': sdkConsumer,
  // The test kit with the SDK, and a per-test override through the consumer's own msw.
  'kit.test.ts': `import { RefClient, NotFoundError } from '@refapi/sdk';
import { scenario, setupRefServer } from '@refapi/server/vitest';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';

const ref = setupRefServer({ scenario: scenario().account({ currency: 'EUR', balance: 50 }).key(['*']) });

it('the SDK reads the account from the test kit', async () => {
  const client = new RefClient({ apiKey: ref.apiKey, baseUrl: ref.baseUrl });
  const account = await client.account.get();
  expect(account.account_ref).toBe('REF-ACCT-1');
  await expect(client.services.get('REF-SVC-404')).rejects.toBeInstanceOf(NotFoundError);
});

it('still takes msw overrides for one test', async () => {
  ref.server.use(http.get(\`\${ref.baseUrl}/me\`, () => HttpResponse.json({ error: 'x' }, { status: 500 })));
  const me = await fetch(\`\${ref.baseUrl}/me\`, { headers: { authorization: \`Bearer \${ref.apiKey}\` } });
  expect(me.status).toBe(500);
});
`,
  // packages/server/README.md's recipe for any runner, verbatim and under the README's name:
  // one kit file that vitest (--globals), Jest, node:test and bun test each run, the kit
  // finding their hooks; and its Bun recipe.
  'kit.test.mjs': readFileSync(
    join(root, 'packages/server/test/readme/any-runner.kit.mjs'),
    'utf8',
  ),
  'bun.test.mjs': readFileSync(join(root, 'packages/server/test/readme/bun.kit.mjs'), 'utf8'),
  // Meant to fail under any runner: the kit's afterEach reports the request no handler answered.
  'unhandled-any.test.mjs': `import { setupRefServer } from '@refapi/server/testing';

const { it } = typeof globalThis.it === 'function' ? globalThis : await import('node:test');
setupRefServer();

it('fetches a host no handler answers', async () => {
  await fetch(${JSON.stringify(unhandledUrl)}).catch(() => undefined);
});
`,
  // createRefTestServer under Deno, which has no hooks to find (the README's flags).
  'deno-kit.mjs': `import { BadRequestError, RefClient } from '@refapi/sdk';
import { createRefTestServer, scenario } from '@refapi/server/testing';

const ref = createRefTestServer({ scenario: scenario().account({ balance: 50 }).key(['*']) });
await ref.start();
try {
  const client = new RefClient({ apiKey: ref.apiKey, baseUrl: ref.baseUrl });
  const account = await client.account.get();
  ref.failNext('getAccount', 400);
  const failed = await client.account.get().catch((error) => error);
  const journal = ref.requests().map((r) => r.status).join(',');
  await ref.reset();
  if (account.account_ref !== 'REF-ACCT-1' || !(failed instanceof BadRequestError) || journal !== '200,400' || ref.requests().length !== 0)
    throw new Error(\`unexpected: \${account.account_ref}, \${failed}, \${journal}\`);
  console.log('kit ok');
} finally {
  ref.stop();
}
// msw opens a BroadcastChannel when imported; it unrefs it on Node and Bun, Deno cannot.
Deno.exit(0);
`,
  // The SDK under Bun and Deno against ref-server (REF_BASE_URL).
  'sdk-runtime.mjs': `import { NotFoundError, RefClient } from '@refapi/sdk';

const baseUrl = globalThis.Deno ? Deno.env.get('REF_BASE_URL') : process.env.REF_BASE_URL;
const client = new RefClient({ apiKey: 'refak_demo_eur_full', baseUrl });
const account = await client.account.get();
const missing = await client.services.get('REF-SVC-404').catch((error) => error);
if (account.account_ref !== 'REF-ACCT-1' || !(missing instanceof NotFoundError))
  throw new Error(\`unexpected: \${account.account_ref}, \${missing}\`);
console.log('sdk ok');
`,
  // packages/server/README.md, "In-process, with msw", inside a suite's lifecycle.
  'msw.test.ts': `import { createReferenceServer } from '@refapi/server';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';

const server = createReferenceServer(); // built-in demo scenario, base URL https://api.ref.test/v1
const msw = setupServer(...server.handlers);
beforeAll(() => msw.listen());
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

const me = () =>
  fetch('https://api.ref.test/v1/me', {
    headers: { authorization: 'Bearer refak_demo_eur_full' },
  });

it('answers from the reference server', async () => {
  const res = await me();
  expect(res.status).toBe(200);
  expect((await res.json()).account_ref).toBe('REF-ACCT-1');
});

it('takes an msw override for one test', async () => {
  msw.use(http.get('https://api.ref.test/v1/me', () => HttpResponse.json({ error: 'x' }, { status: 500 })));
  expect((await me()).status).toBe(500);
});

it('answers from the reference server again after resetHandlers', async () => {
  expect((await me()).status).toBe(200);
});
`,
  // Meant to fail: the kit's default onUnhandledRequest 'error' fails the test even though
  // the app swallows the fetch error.
  'space.test.cjs': `const { setupRefSpace } = require('@refapi/server/space');

const ref = setupRefSpace({ name: 'jest-commonjs' });

test('answers in a space of its own', async () => {
  const me = await fetch(\`\${ref.baseUrl}/me\`, { headers: { authorization: \`Bearer \${ref.apiKey}\` } });
  expect(me.status).toBe(200);
  expect((await me.json()).account_ref).toBe('REF-ACCT-1');
  expect(await ref.requests({ operationId: 'getAccount' })).toHaveLength(1);
});

test('starts each test from the scenario again', async () => {
  expect(await ref.requests()).toHaveLength(0);
});
`,
  'unhandled.test.ts': `import { setupRefServer } from '@refapi/server/vitest';
import { it } from 'vitest';

setupRefServer();

it('fetches a host no handler answers', async () => {
  await fetch(${JSON.stringify(unhandledUrl)}).catch(() => undefined);
});
`,
};
for (const [file, text] of Object.entries(sources)) writeFileSync(join(project, file), text);

/**
 * Type-checks files with one of the consumer's compilers. Its tsc is found through its own
 * package.json: the three packages all ship a `tsc` bin and npm links only one of them (not
 * necessarily TypeScript 7's) into node_modules/.bin.
 */
function tsc(pkg, moduleFlags, files) {
  const dir = join(project, 'node_modules', pkg);
  const bin = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).bin.tsc;
  runInProject(join(dir, bin), [
    '--noEmit',
    '--strict',
    '--skipLibCheck',
    'false',
    '--target',
    'es2022',
    '--lib',
    'es2023,dom',
    '--types',
    'node',
    ...moduleFlags,
    ...files,
  ]);
}
const nodenext = ['--module', 'nodenext', '--moduleResolution', 'nodenext'];
const moduleKinds = [
  { kind: 'esm', file: 'sdk-consumer.mts', flags: nodenext },
  { kind: 'cjs', file: 'sdk-consumer.cts', flags: nodenext },
  {
    kind: 'bundler',
    file: 'sdk-consumer.ts',
    flags: ['--module', 'esnext', '--moduleResolution', 'bundler'],
  },
];

// The SDK's types under every compiler line and module kind users pick.
for (const { version, pkg } of compilers)
  for (const { kind, file, flags } of moduleKinds)
    await check(`tsc ${version} sdk consumer (${kind})`, () => tsc(pkg, flags, [file]));

// TypeScript's node10 resolution, the default of `module: commonjs` that many CommonJS projects
// on TypeScript 5 still have (with esModuleInterop, as `tsc --init` writes it, which zod needs): it reads no exports map, so the SDK's declarations find
// `@refapi/schema/request-plan` through typesVersions or not at all. TypeScript 6 deprecates
// node10 and 7 removed it.
for (const { version, pkg } of compilers.filter((compiler) => compiler.version !== '7'))
  await check(`tsc ${version} sdk consumer (commonjs, node10 resolution)`, () =>
    tsc(
      pkg,
      [
        '--module',
        'commonjs',
        '--moduleResolution',
        'node10',
        '--esModuleInterop',
        ...(version === '6' ? ['--ignoreDeprecations', '6.0'] : []),
      ],
      ['sdk-consumer.ts'],
    ),
  );

// The SDK's type tests (results by name, open value sets, no index signatures, errors,
// metadata, the README's typo claim), copied verbatim: they import only '@refapi/sdk' and
// vitest, so here they check the packed .d.ts files under every compiler line.
writeFileSync(
  join(project, 'sdk-types.test.ts'),
  readFileSync(join(root, 'packages/sdk/test/types.test.ts'), 'utf8'),
);
for (const { version, pkg } of compilers)
  await check(`tsc ${version} the SDK's type tests (packages/sdk/test/types.test.ts)`, () =>
    tsc(pkg, nodenext, ['sdk-types.test.ts']),
  );

// The doc comments survive the declaration build: every field of every result type has one
// in the packed .d.ts (import) and .d.cts (require), read with the compiler API as an editor's
// hover does. TypeScript 7 has no JavaScript API yet, so the older lines read them.
const docProbes = [
  { kind: 'import', file: 'doc-probe.mts' },
  { kind: 'require', file: 'doc-probe.cts' },
];
for (const { version, pkg } of compilers.filter((compiler) => compiler.version !== '7'))
  for (const { kind, file } of docProbes)
    await check(
      `the packed SDK documents every field of its result types (${kind}, TypeScript ${version} API)`,
      () => {
        const ts = createRequire(join(project, 'package.json'))(pkg);
        const probe = join(project, file);
        writeFileSync(probe, probeSource());
        const missing = undocumentedFields(ts, probe, {
          strict: true,
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.NodeNext,
          moduleResolution: ts.ModuleResolutionKind.NodeNext,
          skipLibCheck: true,
          types: [],
        });
        if (missing.length > 0) throw new Error(`without a doc comment: ${missing.join(', ')}`);
      },
    );

// The two passing test files as a consumer on TypeScript 7 writes them, library types checked.
await check('tsc 7 kit.test.ts, msw.test.ts (nodenext)', () =>
  tsc('typescript', nodenext, ['kit.test.ts', 'msw.test.ts']),
);

// The SDK with OpenTelemetry, as an application registers it: the SDK finds the optional
// peer by its lazy import from both builds (the CommonJS one and the ESM one), one span per
// attempt of a retried call, a failed call's span marked ERROR, the duration histogram, and
// nothing of the key anywhere.
const otelScript = (format) => {
  const load =
    format === 'cjs'
      ? `const { trace, metrics } = require('@opentelemetry/api');
const { TracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace');
const { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } = require('@opentelemetry/sdk-metrics');
const { RefClient } = require('@refapi/sdk');
const { createReferenceServer } = require('@refapi/server');
(async () => {`
      : `import { trace, metrics } from '@opentelemetry/api';
import { TracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
await (async () => {`;
  return `${load}
const spans = new InMemorySpanExporter();
trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] }));
const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3600000 });
metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
const server = createReferenceServer();
await server.ready;
const key = 'refak_demo_eur_full';
const client = new RefClient({ apiKey: key, baseUrl: server.baseUrl, fetch: server.fetch });
server.admin.failNext('getAccount', 503, { retryAfter: 0 });
await client.account.get();
const failed = await client.services.get('REF-SVC-404').then(() => 'found', (error) => error.name);
await reader.forceFlush();
const points = exporter.getMetrics().flatMap((r) => r.scopeMetrics).flatMap((s) => s.metrics)
  .filter((m) => m.descriptor.name === 'http.client.request.duration').flatMap((m) => m.dataPoints);
const finished = spans.getFinishedSpans();
console.log(JSON.stringify({
  spans: finished.map((s) => [s.name, s.attributes['http.response.status_code'], s.attributes['http.request.resend_count'] ?? 0, s.attributes['error.type'] ?? null, s.status.code]),
  failed,
  attempts: points.reduce((n, p) => n + p.value.count, 0),
  leaked: JSON.stringify(finished.map((s) => s.attributes)).includes(key),
}));
})();
`;
};
for (const format of ['esm', 'cjs']) {
  const file = `otel-check.${format === 'cjs' ? 'cjs' : 'mjs'}`;
  await check(
    `@refapi/sdk with OpenTelemetry (${format}): a span per attempt, the duration histogram, no key`,
    () => {
      writeFileSync(join(project, file), otelScript(format));
      const out = JSON.parse(runInProject('node', [file]));
      const expected = {
        // [name, status, resend count, error.type, span status (2 = ERROR, 0 = UNSET)]
        spans: [
          ['GET /me', 503, 0, '503', 2],
          ['GET /me', 200, 1, null, 0],
          ['GET /services/{service_ref}', 404, 0, '404', 2],
        ],
        failed: 'NotFoundError',
        attempts: 3,
        leaked: false,
      };
      if (JSON.stringify(out) !== JSON.stringify(expected))
        throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(out)}`);
    },
  );
}

// And without the optional peer: a project that never installed it (the resolution of
// @opentelemetry/api refused by a loader hook) makes its calls all the same.
await check('@refapi/sdk without @opentelemetry/api: calls work, nothing is loaded', () => {
  const hook = `export async function resolve(specifier, context, next) {
  if (specifier === '@opentelemetry/api') throw Object.assign(new Error('not installed'), { code: 'ERR_MODULE_NOT_FOUND' });
  return next(specifier, context);
}`;
  writeFileSync(
    join(project, 'hide-otel.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});\n`,
  );
  writeFileSync(
    join(project, 'no-otel.mjs'),
    `import { RefClient } from '@refapi/sdk';
import { createReferenceServer } from '@refapi/server';
const server = createReferenceServer();
await server.ready;
const sent = [];
const fetch = (input, init) => { sent.push(input.headers.has('traceparent')); return server.fetch(input, init); };
const client = new RefClient({ apiKey: 'refak_demo_eur_full', baseUrl: server.baseUrl, fetch });
const account = await client.account.get();
const api = await import('@opentelemetry/api').then(() => 'loaded', () => 'missing');
console.log(JSON.stringify({ ref: account.account_ref, sent, api }));
`,
  );
  const out = runInProject('node', ['--import', './hide-otel.mjs', 'no-otel.mjs']).trim();
  const expected = JSON.stringify({ ref: 'REF-ACCT-1', sent: [false], api: 'missing' });
  if (out !== expected) throw new Error(`expected ${expected}, got ${out}`);
});

/**
 * Runs `fn(baseUrl, adminToken)` against `npx ref-server --port 0` of the consumer project
 * (the demo scenario), stopping the server after.
 */
async function withRefServer(fn) {
  const server = spawn('npx', ['--no', '--', 'ref-server', '--port', '0', '--log', 'silent'], {
    cwd: project,
    env: { ...process.env, ...consumerEnv },
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
    return await fn(/listening on (\S+)/.exec(out)[1], /admin token: (\S+)/.exec(out)[1]);
  } finally {
    if (server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  }
}

// ref-server from the package, and refctl and the SDK under Bun and Deno against it.
await check(
  'npx ref-server --port 0 answers; npx refctl me, the SDK under Bun and Deno against it',
  () =>
    withRefServer(async (baseUrl) => {
      const me = await fetch(`${baseUrl}/me`, {
        headers: { authorization: 'Bearer refak_demo_eur_full' },
      });
      if (me.status !== 200) throw new Error(`GET /me answered ${me.status}`);
      const refctl = JSON.parse(
        runInProject('npx', ['--no', '--', 'refctl', 'me', '-o', 'json'], {
          REF_BASE_URL: baseUrl,
          REF_API_KEY: 'refak_demo_eur_full',
        }),
      );
      if (refctl.account_ref !== 'REF-ACCT-1')
        throw new Error(`refctl me printed ${JSON.stringify(refctl)}`);
      // Deno's flags as the SDK README names them: the API's host, and the one variable read here.
      const host = new URL(baseUrl).host;
      for (const [runtime, args] of [
        ['bun', ['sdk-runtime.mjs']],
        ['deno', ['run', `--allow-net=${host}`, '--allow-env=REF_BASE_URL', 'sdk-runtime.mjs']],
      ]) {
        const out = runInProject(join(project, 'node_modules/.bin', runtime), args, {
          REF_BASE_URL: baseUrl,
          NO_COLOR: '1',
        });
        if (!out.includes('sdk ok')) throw new Error(`the SDK under ${runtime} printed ${out}`);
      }
    }),
);

// The SDK README's OpenTelemetry recipe as a new project follows it: the SDK's tarballs, then
// the README's install line run as written (npm must resolve it), then the README's example
// against ref-server, printing its spans and histogram to the console.
await check(`SDK README: \`${readmeOtel.install}\` resolves, its example records spans`, () =>
  withRefServer((baseUrl) => {
    const dir = join(work, 'otel-readme');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'otel-readme', private: true, type: 'module' }),
    );
    const inDir = (cmd, args, env = {}) => run(cmd, args, dir, { ...consumerEnv, ...env });
    const sdk = ['@refapi/schema', '@refapi/sdk'].map((name) => manifests.get(name).file);
    inDir('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...sdk]);
    inDir('bash', ['-c', readmeOtel.install]);
    writeFileSync(join(dir, 'telemetry.mjs'), readmeOtel.example);
    const key = 'refak_demo_eur_full';
    const out = inDir('node', ['telemetry.mjs'], { REF_API_KEY: key, REF_BASE_URL: baseUrl });
    for (const expected of [
      "name: 'GET /me'",
      "name: 'GET /invoices'",
      "'refapi.operation_id': 'getAccount'",
      "name: 'http.client.request.duration'",
    ])
      if (!out.includes(expected)) throw new Error(`no ${expected} in the output:\n${out}`);
    if (out.includes(key)) throw new Error('the API key is in the telemetry output');
  }),
);

// Hardening that must hold in the published build too: a redirect to another origin is not
// followed (RedirectError names the status and origin, never the query or key), and a hook
// that never settles ends at the call's timeout or signal, its timers cleared (the script
// would otherwise wait for them before exiting).
await check('@refapi/sdk: no redirect off the origin; hooks inside timeout and signal', () => {
  writeFileSync(
    join(project, 'edges.mjs'),
    `import { createServer } from 'node:http';
import { RedirectError, RefClient, TimeoutError, UserAbortError } from '@refapi/sdk';

const listen = (handler) =>
  new Promise((resolve) => { const s = createServer(handler).listen(0, '127.0.0.1', () => resolve(s)); });
const origin = (server) => \`http://127.0.0.1:\${server.address().port}\`;
let reached = 0;
const other = await listen((_req, res) => { reached++; res.end('{}'); });
const api = await listen((req, res) => {
  if (req.url === '/v1/me') res.writeHead(302, { location: \`\${origin(other)}/v1/me?token=s3cret\` }).end();
  else res.end('{}');
});
const apiKey = 'refak_demo_eur_full';
const baseUrl = \`\${origin(api)}/v1\`;
const never = () => new Promise(() => {});
try {
  const redirect = await new RefClient({ apiKey, baseUrl }).account.get().catch((e) => e);
  const started = Date.now();
  const stalled = new RefClient({ apiKey, baseUrl, timeout: 200, hooks: { beforeRequest: [never] } });
  const timedOut = await stalled.account.get().catch((e) => e);
  const timedOutAt = Date.now() - started;
  // The caller aborts while the afterResponse hook hangs.
  const controller = new AbortController();
  const abortLater = () => setTimeout(() => controller.abort(new Error('stopped')), 20);
  const hooks = { afterResponse: [() => (abortLater(), never())] };
  const patient = new RefClient({ apiKey, baseUrl, timeout: 120000, hooks });
  const aborted = await patient.balance.get({}, { signal: controller.signal }).catch((e) => e);
  console.log(JSON.stringify({
    redirect: [redirect instanceof RedirectError, redirect.status, redirect.targetOrigin === origin(other)],
    leaked: /s3cret|refak_/.test(redirect.message),
    reached,
    timedOut: [timedOut instanceof TimeoutError, timedOut.timeoutMs, timedOutAt < 10000],
    aborted: [aborted instanceof UserAbortError, aborted.cause?.message],
  }));
} finally {
  for (const server of [api, other]) server.close().closeAllConnections();
}
`,
  );
  const started = Date.now();
  const out = runInProject('node', ['edges.mjs']).trim();
  const expected = JSON.stringify({
    redirect: [true, 302, true],
    leaked: false,
    reached: 0,
    timedOut: [true, 200, true],
    aborted: [true, 'stopped'],
  });
  if (out !== expected) throw new Error(`expected ${expected}, got ${out}`);
  if (Date.now() - started > 60_000) throw new Error('edges.mjs waited for a leaked timer');
});

// The test files in the consumer's own vitest. A passing suite is not enough: a warning of
// msw (a second copy, an API it no longer has) is only printed, so the output must be clean.
const vitest = (file) =>
  inProject(join(project, 'node_modules/.bin/vitest'), ['run', file], { CI: '1' });
const noise = /\[MSW\]|Warning|TypeError|dispose is not a function/;
for (const [file, what] of [
  ['kit.test.ts', '@refapi/server/vitest with the SDK'],
  ['msw.test.ts', "the README's createReferenceServer + setupServer recipe"],
]) {
  await check(`vitest ${file}: ${what}, no msw warning or error`, () => {
    const { status, output } = vitest(file);
    if (status !== 0 || noise.test(output)) throw new Error(`vitest exited ${status}\n${output}`);
  });
}
// The same kit file (@refapi/server/testing) under every runner that finds its hooks, by the
// server README's own commands: its sh block after "Saved as `kit.test.mjs`" (vitest, node:test,
// Jest 30 as ESM, bun test), and its Bun recipe's. The project's bins come first on PATH, as
// in an npm script. Jest runs on the consumer's Node 24 and again on the Node 22 floor.
const node22 = run(join(root, 'scripts/node-binary.sh'), ['22'], root).trim();
const withBins = (nodeDir) => ({
  PATH: [join(project, 'node_modules/.bin'), nodeDir, process.env.PATH].join(delimiter),
});

/** The README's sh block after `marker`: each line's command and its `# comment`. */
function readmeCommands(marker) {
  const readme = readFileSync(join(root, 'packages/server/README.md'), 'utf8');
  const at = readme.indexOf(marker);
  const block = at < 0 ? null : /```sh\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block) throw new Error(`packages/server/README.md has no sh block after ${marker}`);
  return block[1]
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [command, label = command] = line.split(/\s+#\s+/);
      return { command: command.trim(), label: label.trim() };
    });
}

const runs = [
  ...readmeCommands('Saved as `kit.test.mjs`').flatMap(({ command, label }) => [
    { command, label, passed: 2, nodeDir: node24 },
    ...(command.includes('jest')
      ? [{ command, label: `${label}, Node 22`, passed: 2, nodeDir: node22 }]
      : []),
  ]),
  ...readmeCommands('Saved as `bun.test.mjs`').map(({ command, label }) => ({
    command,
    label,
    passed: 3,
    nodeDir: node24,
  })),
];
const bunNoise = /Failed to replace a global value/; // msw's Node interceptors patching Bun
for (const { command, label, passed, nodeDir } of runs) {
  await check(`${label}: \`${command}\` passes, the kit finding the runner's hooks`, () => {
    const { status, output } = exec('bash', ['-c', command], project, {
      CI: '1',
      ...withBins(nodeDir),
    });
    const quiet = output.replace(/.*ExperimentalWarning: VM Modules.*\n.*--trace-warnings.*\n/, '');
    const count = new RegExp(`\\b${passed} passed|\\bpass ${passed}\\b|^\\s*${passed} pass$`, 'm');
    if (status !== 0 || noise.test(quiet) || bunNoise.test(output) || !count.test(output))
      throw new Error(`${command} exited ${status}\n${output}`);
  });
}

await check(
  `bun test unhandled-any.test.mjs: the kit fails a test that fetched ${unhandledUrl}`,
  () => {
    const { status, output } = exec(
      'bash',
      ['-c', 'bun test ./unhandled-any.test.mjs'],
      project,
      withBins(node24),
    );
    if (status === 0 || !output.includes(`GET ${unhandledUrl}`))
      throw new Error(
        `bun test exited ${status}, expected a failure naming GET ${unhandledUrl}\n${output}`,
      );
  },
);

// Deno has no hooks for setupRefServer; createRefTestServer under it, with the README's flags.
await check('deno run deno-kit.mjs: createRefTestServer with the SDK, failNext and reset', () => {
  const out = runInProject(
    join(project, 'node_modules/.bin/deno'),
    ['run', '--allow-env', '--allow-read=node_modules', 'deno-kit.mjs'],
    { NO_COLOR: '1' },
  );
  if (!out.includes('kit ok')) throw new Error(`deno printed ${out}`);
});

await check(`vitest unhandled.test.ts: the kit fails a test that fetched ${unhandledUrl}`, () => {
  const { status, output } = vitest('unhandled.test.ts');
  if (status === 0 || !output.includes(`GET ${unhandledUrl}`))
    throw new Error(
      `vitest exited ${status}, expected a failure naming GET ${unhandledUrl}\n${output}`,
    );
});

// A CommonJS suite under Jest's own module system (no --experimental-vm-modules), which cannot
// load msw: the README sends it to a space of a shared ref-server, through an entry without msw.
await check(
  'Jest 30, CommonJS: `jest space.test.cjs` gets a space of `npx ref-server` from @refapi/server/space',
  () =>
    withRefServer((baseUrl, adminToken) => {
      const { status, output } = exec('bash', ['-c', 'jest space.test.cjs'], project, {
        CI: '1',
        REF_SERVER_URL: new URL(baseUrl).origin,
        REF_ADMIN_TOKEN: adminToken,
        ...withBins(node22),
      });
      if (status !== 0 || !/\b2 passed\b/.test(output))
        throw new Error(`jest exited ${status}\n${output}`);
    }),
);

if (keep) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
if (failures > 0) {
  console.log(`test:pack: ${failures} check(s) failed`);
  process.exit(1);
}
console.log('test:pack: every check passed');
