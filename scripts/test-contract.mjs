#!/usr/bin/env node
// `pnpm test:contract`: the OpenAPI document (packages/schema/openapi.json) as outside
// contract-testing tools read it, run against a fresh ref-server: Specmatic's contract tests
// (every named example a request, its answer checked against the document) and Dredd (the
// successful answers). Any failure fails the run. The tools are installed once, pinned, into
// the cache scripts/node-binary.sh uses; Specmatic needs Java 17 or later.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const TOOLS = { specmatic: '2.55.1', dredd: '14.1.0' };
const API_KEY = 'refak_demo_eur_full';
const documentPath = join(root, 'packages/schema/openapi.json');
const document = JSON.parse(readFileSync(documentPath, 'utf8'));
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

/** Starts ref-server (the demo, from the sources) on a free port; resolves its origin. */
async function startServer(adminToken) {
  const server = spawn(
    process.execPath,
    [
      '--conditions=@refapi/source',
      '--import',
      'tsx',
      'packages/server/src/bin.ts',
      '--port',
      '0',
      '--log',
      'silent',
      '--admin-token',
      adminToken,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
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

/** The value of a parameter in the document's `demo` example of an operation. */
function demoValue(path, method, name) {
  const parameter = document.paths[path][method].parameters.find((p) => p.name === name);
  return parameter.examples.demo.value;
}

// The DELETE example removes the rule the POST example created, whose id a real server draws
// at random: create one through the API and give it the example's id in the state.
async function seededState(origin, adminToken) {
  const rulePath = '/services/{service_ref}/shield/rules/{rule_id}';
  const serviceRef = demoValue(rulePath, 'delete', 'service_ref');
  const ruleId = demoValue(rulePath, 'delete', 'rule_id');
  const created = await fetch(`${origin}/v1/services/${serviceRef}/shield/rules`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${API_KEY}`,
      'content-type': 'application/json',
      'idempotency-key': 'contract-seed-1',
    },
    body: JSON.stringify({
      name: 'seeded',
      mode: 'enforce',
      action: 'drop',
      risk: 'low',
      protocol: 'udp',
      destination_port: 53,
    }),
  });
  if (created.status !== 202)
    fail(`seeding a rule answered ${created.status}: ${await created.text()}`);
  const { rule } = await created.json();
  const admin = { authorization: `Bearer ${adminToken}` };
  const state = await (await fetch(`${origin}/__admin/state`, { headers: admin })).text();
  return state.replaceAll(rule.id, ruleId);
}

async function loadState(origin, adminToken, state) {
  const loaded = await fetch(`${origin}/__admin/scenario`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: state,
  });
  if (!loaded.ok)
    fail(`loading the seeded state answered ${loaded.status}: ${await loaded.text()}`);
}

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 600_000,
  });
  return {
    status: result.status,
    output: stripVTControlCharacters(`${result.stdout}${result.stderr}`),
  };
}

// Dredd's reading of OpenAPI differs from the specification in three ways, so it gets a copy
// of the document adjusted for them (Specmatic reads the document as it is):
// - a parameter's value comes only from the singular `example`, which OpenAPI forbids beside
//   the named `examples` Specmatic and Portman pair with the body and the answer: the `demo`
//   value becomes `example`, and optional parameters without one are left out (Dredd would
//   fill them from their enum, asking for another page than the example's);
// - every documented response header is required, whatever its `required: false` says:
//   `Idempotent-Replayed` (sent only on a replay) is left out;
// - the answer is checked against the example's shape, not the schema (each property of the
//   example required): hence requests exactly as the example's.
function dreddDocument() {
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

/** A fresh demo server with the rule the DELETE example removes; one per tool. */
async function seededServer() {
  const adminToken = randomBytes(16).toString('hex');
  const started = await startServer(adminToken);
  await loadState(started.origin, adminToken, await seededState(started.origin, adminToken));
  return started;
}

let failed = false;
const servers = [];
try {
  const forSpecmatic = await seededServer();
  servers.push(forSpecmatic.server);
  const specmatic = run(
    bin('specmatic'),
    ['test', documentPath, `--testBaseURL=${forSpecmatic.origin}/v1`],
    { bearer: API_KEY }, // Specmatic's token for the security scheme named `bearer`
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
  if (specmaticFailed) console.log(specmatic.output);
  console.log(
    `${specmaticFailed ? 'FAIL' : 'ok  '} specmatic ${TOOLS.specmatic}: ${summary?.[0] ?? 'no summary'}`,
  );

  const forDredd = await seededServer();
  servers.push(forDredd.server);
  writeFileSync(join(work, 'openapi.dredd.json'), JSON.stringify(dreddDocument()));
  writeFileSync(join(work, 'hooks.cjs'), dreddHooks);
  const dredd = run(bin('dredd'), [
    'openapi.dredd.json',
    `${forDredd.origin}/v1`,
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
  if (dreddFailed) console.log(dredd.output);
  console.log(
    `${dreddFailed ? 'FAIL' : 'ok  '} dredd ${TOOLS.dredd}: ${complete?.[0] ?? 'no summary'}`,
  );
  failed = specmaticFailed || dreddFailed;
} finally {
  for (const server of servers) server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
if (failed) process.exit(1);
console.log('test:contract: Specmatic and Dredd accept the document and the server');
