#!/usr/bin/env node
// `pnpm test:contract`: the OpenAPI document as ref-server serves it (`GET /openapi.json`:
// @refapi/schema's packages/schema/openapi.json, its `servers` the server's own base URL;
// checked here to be that file but for `servers`) read by outside contract-testing tools,
// against ref-server as a user starts it: the package's `ref-server` bin over its build,
// `--port 0`, the built-in demo, nothing loaded or seeded. Specmatic's contract tests take
// the document by its address, exactly as served (every named example a request, its answer
// checked against the document); Dredd cannot read it as published and takes a copy with the
// three adjustments of `dreddDocument` below, plus the hooks of `dreddHooks` (the successful
// answers only; the CSV export as CSV). README and CONTRIBUTING list the same.
// Any failure fails the run. The tools are installed once, pinned, into the cache
// scripts/node-binary.sh uses; Specmatic needs Java 17 or later.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual, stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const TOOLS = { specmatic: '2.55.1', dredd: '14.1.0' };
const API_KEY = 'refak_demo_eur_full';
const published = JSON.parse(readFileSync(join(root, 'packages/schema/openapi.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'refapi-contract-'));

function fail(message) {
  console.error(`test:contract: ${message}`);
  process.exit(1);
}

const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
const javaMajor = Number(/version "(\d+)/.exec(`${java.stderr}${java.stdout}`)?.[1] ?? 0);
if (java.error || javaMajor < 17)
  fail(
    'Specmatic needs Java 17 or later on PATH (Debian: apt-get install openjdk-17-jre-headless)',
  );

const cache =
  process.env.REFAPI_NODE_CACHE ??
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'refapi-node');
const prefix = join(cache, `contract-tools-${Object.values(TOOLS).join('-')}`);
const bin = (name) => join(prefix, 'node_modules', '.bin', name);
if (!existsSync(bin('specmatic')) || !existsSync(bin('dredd'))) {
  console.log(
    `installing ${Object.entries(TOOLS)
      .map(([n, v]) => `${n}@${v}`)
      .join(', ')} into ${prefix}`,
  );
  mkdirSync(prefix, { recursive: true });
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      ...Object.entries(TOOLS).map(([name, version]) => `${name}@${version}`),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** Newest modification time of the files under `dir` (0 when it does not exist). */
function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    }),
  );
}

// ref-server as a user runs it is the package's bin over its build (which loads the built
// @refapi/schema): build both first when they are missing or older than their sources
// (`pnpm test` has just built them; a lone `pnpm test:contract` may not have).
const serverBin = join(root, 'packages/server/bin/ref-server.js');
const built = (name, entry) =>
  existsSync(join(root, 'packages', name, entry)) &&
  statSync(join(root, 'packages', name, entry)).mtimeMs >=
    newestMtime(join(root, 'packages', name, 'src'));
if (!built('schema', 'dist/index.js') || !built('server', 'dist/bin.js')) {
  console.log('building @refapi/schema and @refapi/server (their dist is missing or stale)');
  execFileSync('pnpm', ['--filter', '@refapi/server...', 'run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Starts ref-server as a user does (`ref-server --port 0`: the built-in demo, nothing loaded
 * or seeded); resolves its origin once it listens.
 */
async function startServer() {
  const server = spawn(process.execPath, [serverBin, '--port', '0', '--log', 'silent'], {
    cwd: work,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  server.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!/listening on http:\/\/\S+\/v1/.test(output)) {
    if (server.exitCode !== null || Date.now() > deadline)
      fail(`ref-server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { server, origin: /listening on (http:\/\/\S+)\/v1/.exec(output)[1] };
}

const MAX_OUTPUT = 16 * 1024 * 1024;

/** Runs a tool in `cwd` to its end (at most 10 minutes); resolves to its exit status and output. */
function run(cmd, args, env = {}, cwd = work) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 600_000,
    });
    let output = '';
    // Printed only when the tool fails; its last 16 MiB say why (a runaway log stays bounded).
    const keep = (chunk) => {
      output += chunk;
      if (output.length > MAX_OUTPUT) output = output.slice(-MAX_OUTPUT);
    };
    child.stdout.setEncoding('utf8').on('data', keep);
    child.stderr.setEncoding('utf8').on('data', keep);
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (status) => resolve({ status, output: stripVTControlCharacters(output) }));
  });
}

// Dredd 14 reads OpenAPI 3.0 only in part; as published, the document fails it in three ways,
// so it gets a copy adjusted for them (verified by running it without each adjustment):
// 1. a parameter's value comes only from the singular `example`, which OpenAPI forbids beside
//    the named `examples` the document carries (Specmatic and Portman pair them with the body
//    and the answer by name): as published, Dredd stops at "Required URI parameter
//    'service_ref' has no example or default value". The `demo` value becomes `example`;
// 2. optional parameters without a `demo` value are left out: Dredd would fill them from
//    their enum (`/plans?…&type=kvm`), asking for another page than the example's, and
//    3. below then fails it (`Missing required property: next_cursor`);
// 3. every documented response header is required, whatever its `required: false` says:
//    `Idempotent-Replayed` (sent only on a replay) is dropped from the responses, else each
//    write fails with "Missing required property: idempotent-replayed". (Dredd also checks
//    an answer against the example's shape, every property of the example required, not
//    against the schema: hence the requests exactly as the example's.)
function dreddDocument(document) {
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths))
    for (const operation of Object.values(item)) {
      operation.parameters = (operation.parameters ?? []).flatMap((parameter) => {
        const demo = parameter.examples?.demo;
        if (demo === undefined) return parameter.required ? [parameter] : [];
        const { examples: _, ...rest } = parameter;
        return [{ ...rest, example: demo.value }];
      });
      for (const response of Object.values(operation.responses))
        delete response.headers?.['Idempotent-Replayed'];
    }
  return copy;
}

// One request per transaction cannot also produce the error answers: Dredd checks the
// successful ones (Specmatic pairs the rest by example name). The CSV answer of the export is
// its `demo-csv` example: the same request with format=csv.
const dreddHooks = `const hooks = require('hooks');
hooks.beforeEach((transaction, done) => {
  if (!/^2/.test(transaction.expected.statusCode)) transaction.skip = true;
  const type = transaction.expected.headers['Content-Type'] ?? '';
  if (type.startsWith('text/csv')) {
    transaction.fullPath = transaction.fullPath.replace('format=json', 'format=csv');
    // A copy: the JSON transaction of the same operation shares the request object.
    transaction.request = {
      ...transaction.request,
      uri: transaction.request.uri.replace('format=json', 'format=csv'),
    };
    // Dredd compares Content-Type as a literal; the media type key has no charset parameter.
    transaction.expected.headers['Content-Type'] = 'text/csv; charset=utf-8';
  }
  done();
});
`;

/**
 * The document the server at `origin` serves (`GET /openapi.json`), or why it is not the
 * published file with `servers` naming that server's base URL (the tools would test another
 * contract than the one @refapi/schema publishes).
 */
async function servedDocument(origin) {
  let response;
  try {
    response = await fetch(`${origin}/openapi.json`);
  } catch (error) {
    return { problem: `GET ${origin}/openapi.json failed: ${error.message}` };
  }
  if (response.status !== 200)
    return { problem: `GET ${origin}/openapi.json answered ${response.status}` };
  const document = await response.json();
  const { servers, ...rest } = document;
  const { servers: _, ...publishedRest } = published;
  if (servers?.[0]?.url !== `${origin}/v1`)
    return { problem: `the served document's servers[0].url is not ${origin}/v1` };
  if (!isDeepStrictEqual(rest, publishedRest))
    return {
      problem: 'the served document is not packages/schema/openapi.json but for `servers`',
    };
  return { document };
}

// The two tools run side by side, each against a server of its own.
async function runSpecmatic() {
  const { server, origin } = await startServer();
  servers.push(server);
  const { problem } = await servedDocument(origin);
  if (problem !== undefined) return { failed: true, report: `FAIL specmatic: ${problem}` };
  // Specmatic reads the document from the server itself: a `web` source in its config (its
  // command line takes files only) is fetched, then tested as it came.
  const config = join(work, 'specmatic');
  mkdirSync(config);
  writeFileSync(
    join(config, 'specmatic.yaml'),
    `sources:\n  - provider: web\n    test:\n      - ${origin}/openapi.json\n`,
  );
  const specmatic = await run(
    bin('specmatic'),
    ['test', `--testBaseURL=${origin}/v1`],
    {
      bearer: API_KEY, // Specmatic's token for the security scheme named `bearer`
      // A JVM run of seconds: the C2 compiler's work never pays back, and halved its CPU.
      // Added to the user's own options (a proxy, a trust store), which stay in force.
      JDK_JAVA_OPTIONS: `${process.env.JDK_JAVA_OPTIONS ?? ''} -XX:TieredStopAtLevel=1`.trim(),
    },
    config, // Specmatic reads specmatic.yaml from its working directory
  );
  const summary =
    /Tests run: (\d+), Successes: (\d+), Failures: (\d+), WIP: \d+, Errors: (\d+)/.exec(
      specmatic.output,
    );
  const specmaticFailed =
    specmatic.status !== 0 ||
    !summary ||
    summary[1] === '0' ||
    summary[3] !== '0' ||
    summary[4] !== '0';
  return {
    failed: specmaticFailed,
    report: `${specmaticFailed ? `${specmatic.output}\nFAIL` : 'ok  '} specmatic ${TOOLS.specmatic}: ${summary?.[0] ?? 'no summary'}`,
  };
}

async function runDredd() {
  const { server, origin } = await startServer();
  servers.push(server);
  const { problem, document } = await servedDocument(origin);
  if (problem !== undefined) return { failed: true, report: `FAIL dredd: ${problem}` };
  writeFileSync(join(work, 'openapi.dredd.json'), JSON.stringify(dreddDocument(document)));
  writeFileSync(join(work, 'hooks.cjs'), dreddHooks);
  const dredd = await run(bin('dredd'), [
    'openapi.dredd.json',
    `${origin}/v1`,
    '--header',
    `Authorization: Bearer ${API_KEY}`,
    '--hookfiles',
    'hooks.cjs',
  ]);
  const complete =
    /complete: (\d+) passing, (\d+) failing, (\d+) errors, (\d+) skipped, (\d+) total/.exec(
      dredd.output,
    );
  const dreddFailed =
    dredd.status !== 0 ||
    !complete ||
    complete[1] === '0' ||
    complete[2] !== '0' ||
    complete[3] !== '0';
  return {
    failed: dreddFailed,
    report: `${dreddFailed ? `${dredd.output}\nFAIL` : 'ok  '} dredd ${TOOLS.dredd}: ${complete?.[0] ?? 'no summary'}`,
  };
}

const servers = [];
let failed = false;
try {
  for (const tool of await Promise.all([runSpecmatic(), runDredd()])) {
    console.log(tool.report);
    failed ||= tool.failed;
  }
} finally {
  for (const server of servers) server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
if (failed) process.exit(1);
console.log('test:contract: Specmatic and Dredd accept the document and the server');
