import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

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

// A process can load both builds: an application imports the SDK while a dependency of it
// require()s it. Each build has its own classes, and an error of either must still be caught
// by the other's `instanceof` and guards (the dual-package hazard).
it('recognises the errors of the other build with instanceof and the guards', () => {
  const both = `
import { createRequire } from 'node:module';
const cjs = createRequire(process.cwd() + '/')('@refapi/sdk');
const esm = await import('@refapi/sdk');
const fetch = async () => new Response('{"error":"not_found"}', { status: 404 });
const errorOf = (sdk) =>
  new sdk.RefClient({ apiKey: 'refak_smoke', baseUrl: 'http://127.0.0.1:9/v1', fetch, maxRetries: 0 })
    .services.get('REF-SVC-1').catch((e) => e);
const checks = (error, sdk) => [
  error instanceof sdk.NotFoundError,
  error instanceof sdk.RefApiError,
  error instanceof sdk.RefSdkError,
  error instanceof Error,
  sdk.isNotFoundError(error),
  sdk.isRefSdkError(error),
  error instanceof sdk.ConflictError,
  sdk.isConnectionError(error),
];
console.log(JSON.stringify({
  esmErrorInCjs: checks(await errorOf(esm), cjs),
  cjsErrorInEsm: checks(await errorOf(cjs), esm),
  plainErrorInEsm: [new Error('x') instanceof esm.RefSdkError, esm.isRefApiError({ name: 'NotFoundError' })],
}));`;
  const matches = [true, true, true, true, true, true, false, false];
  expect(run(['--input-type=module', '-e', both])).toEqual({
    esmErrorInCjs: matches,
    cjsErrorInEsm: matches,
    plainErrorInEsm: [false, false],
  });
});

// With @opentelemetry/api installed (a devDependency here) and a provider registered, both
// builds find it through their lazy import; hidden, the call is made all the same.
const traced = (load: string) => `
${load}
const { trace } = await import('@opentelemetry/api');
const { TracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace');
const exporter = new InMemorySpanExporter();
trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
const fetch = async () => new Response('{"error":"invalid_api_key"}', { status: 401 });
const client = new sdk.RefClient({ apiKey: 'refak_smoke', baseUrl: 'http://127.0.0.1:9/v1', fetch });
const error = await client.account.get().catch((e) => e);
console.log(JSON.stringify({
  name: error.name,
  spans: exporter.getFinishedSpans().map((s) => [s.name, s.attributes['http.response.status_code']]),
}));`;

const hidden = (load: string) => `
${load}
const sent = [];
const fetch = async (request) => {
  sent.push(request.headers.has('traceparent'));
  return new Response('{"error":"invalid_api_key"}', { status: 401 });
};
const client = new sdk.RefClient({ apiKey: 'refak_smoke', baseUrl: 'http://127.0.0.1:9/v1', fetch });
const error = await client.account.get().catch((e) => e);
let api = 'found';
await import('@opentelemetry/api').catch(() => { api = 'missing'; });
console.log(JSON.stringify({ name: error.name, sent, api }));`;

const HIDE_OTEL = fileURLToPath(new URL('./helpers/hide-otel.mjs', import.meta.url));
const loads = {
  cjs: "const sdk = require('@refapi/sdk');",
  esm: "const sdk = await import('@refapi/sdk');",
};

describe.each(Object.entries(loads))('the %s build and OpenTelemetry', (format, load) => {
  // CommonJS runs as a module too (for top-level await) but loads the SDK with require().
  const prelude =
    format === 'cjs'
      ? `import { createRequire } from 'node:module';\nconst require = createRequire(process.cwd() + '/');`
      : '';

  it('records a span per attempt when the API is installed and a provider registered', () => {
    const out = run(['--input-type=module', '-e', `${prelude}\n${traced(load)}`]);
    expect(out).toEqual({ name: 'AuthenticationError', spans: [['GET /me', 401]] });
  });

  it('works without the API installed, sending no trace context', () => {
    const out = run([
      '--import',
      HIDE_OTEL,
      '--input-type=module',
      '-e',
      `${prelude}\n${hidden(load)}`,
    ]);
    expect(out).toEqual({ name: 'AuthenticationError', sent: [false], api: 'missing' });
  });
});

it('ships type declarations for both formats', () => {
  for (const file of ['index.d.ts', 'index.d.cts']) {
    expect(statSync(join(dist, file)).size).toBeGreaterThan(1000);
  }
});
