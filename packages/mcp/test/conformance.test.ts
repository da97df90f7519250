import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnHttp, stop } from './helpers/mcp-client';

// The official conformance suite's server scenarios that apply to this server. Its
// newest protocol revision is 2025-11-25 (0.1.16 has no 2026-07-28 server scenario), so
// it exercises the SDK's serving of 2025 clients: stateless, one server per request. The
// others do not apply: completions, resources, prompts, sampling, elicitation and
// progress are features this server does not have; tools-call-*, json-schema-2020-12
// call or list the suite's own fixture tools (ours are called by the tests beside this
// one); server-sse-polling needs resumable streams, which a stateless server does not keep
// (0 checks). server-sse-multiple-streams needs a session id, which the sandbox hands out
// (a space per session), so it runs here.
//
// The suite runs once, whole, in one process of the CLI (a process per scenario cost six
// node start-ups); the scenarios that do not apply are its expected failures, so it exits
// 0 only when every other scenario passes, and fails when one of those starts to pass.
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'logging-set-level',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
];
const NOT_APPLICABLE = [
  'completion-complete',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'elicitation-sep1034-defaults',
  'elicitation-sep1330-enums',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
];

const require = createRequire(import.meta.url);
const CLI = join(
  dirname(require.resolve('@modelcontextprotocol/conformance/package.json')),
  'dist',
  'index.js',
);

let server: Awaited<ReturnType<typeof spawnHttp>>;
let suite: { code: number; output: string };
beforeAll(async () => {
  server = await spawnHttp(['--sandbox', '--tools', 'all']);
  suite = await conformance();
}, 120_000);
afterAll(() => stop(server.child));

/** The active server suite of 2025-11-25, with the scenarios that do not apply expected to fail. */
function conformance(): Promise<{ code: number; output: string }> {
  // Results land in the working directory: keep them out of the repository.
  const cwd = mkdtempSync(join(tmpdir(), 'refapi-mcp-conformance-'));
  const baseline = join(cwd, 'expected-failures.yml');
  writeFileSync(baseline, `server:\n${NOT_APPLICABLE.map((name) => `  - ${name}\n`).join('')}`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [
        CLI,
        'server',
        '--url',
        server.url,
        '--spec-version',
        '2025-11-25',
        '--expected-failures',
        baseline,
      ],
      { cwd, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          output: stripVTControlCharacters(`${stdout}${stderr}`),
        }),
    );
  });
}

describe('MCP conformance (server scenarios of 2025-11-25, Streamable HTTP)', () => {
  it.each(SCENARIOS)('%s passes', (scenario) => {
    // At least one check, all passed: a scenario that checks nothing is no evidence.
    expect(suite.output).toMatch(new RegExp(`^✓ ${scenario}: ([1-9]\\d*) passed, 0 failed$`, 'm'));
    expect(suite.code, suite.output).toBe(0);
  });
});
