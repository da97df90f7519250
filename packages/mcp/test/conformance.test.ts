import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnHttp, stop } from './helpers/mcp-client';

// The official conformance suite's server scenarios that apply to this server. The others
// test features it does not have (completions, resources, prompts, sampling, elicitation,
// progress) or call the suite's own fixture tools (tools-call-image, …, -with-logging);
// our tools are called by the tests beside this one. 0.1.11 is the last release that
// runs on Node 20 (0.1.12+ import `fs.globSync`, Node 22).
const SCENARIOS = [
  'server-initialize',
  'ping',
  'tools-list',
  'logging-set-level',
  'server-sse-multiple-streams',
  'dns-rebinding-protection',
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
      [CLI, 'server', '--url', server.url, '--scenario', scenario],
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

describe('MCP conformance (server scenarios, Streamable HTTP)', () => {
  it.each(SCENARIOS)('%s passes', { timeout: 90_000 }, async (scenario) => {
    const { code, output } = await conformance(scenario);
    expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    expect(code, output).toBe(0);
  });
});
