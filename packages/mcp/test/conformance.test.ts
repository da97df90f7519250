import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'logging-set-level',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
];

const require = createRequire(import.meta.url);
const CLI = join(
  dirname(require.resolve('@modelcontextprotocol/conformance/package.json')),
  'dist',
  'index.js',
);

let server: Awaited<ReturnType<typeof spawnHttp>>;
beforeAll(async () => {
  server = await spawnHttp(['--sandbox', '--tools', 'all']);
});
afterAll(() => stop(server.child));

function conformance(scenario: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, 'server', '--url', server.url, '--scenario', scenario, '--spec-version', '2025-11-25'],
      // Results land in the working directory: keep them out of the repository.
      { cwd: mkdtempSync(join(tmpdir(), 'refapi-mcp-conformance-')), timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          output: stripVTControlCharacters(`${stdout}${stderr}`),
        }),
    );
  });
}

describe('MCP conformance (server scenarios of 2025-11-25, Streamable HTTP)', () => {
  it.each(SCENARIOS)('%s passes', { timeout: 90_000 }, async (scenario) => {
    const { code, output } = await conformance(scenario);
    // At least one check, all passed: a scenario that checks nothing is no evidence.
    expect(output).toMatch(/Passed: ([1-9]\d*)\/\1, 0 failed/);
    expect(code, output).toBe(0);
  });
});
