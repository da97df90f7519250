import { type ChildProcess, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecorder } from '../../server/test/record-process';
import { type Connected, connectInProcess, structured } from './helpers/mcp-client';
import { type Reference, startReference } from './helpers/reference';

// The MCP server (in process) pointed at `ref-server record` (its own process) instead of
// the API: it works unchanged, and the proxy records what its tools sent.

const SERVER = fileURLToPath(new URL('../../server/', import.meta.url));
const KEY = 'refak_demo_eur_full';

let ref: Reference;
let recorder: ChildProcess;
const dir = mkdtempSync(join(tmpdir(), 'refapi-mcp-record-'));
const file = join(dir, 'recording.jsonl');
let proxy = '';

beforeAll(async () => {
  if (!existsSync(join(SERVER, 'dist', 'bin.js'))) {
    execFileSync('pnpm', ['--filter', '@refapi/server', 'build'], { stdio: 'ignore' });
  }
  ref = await startReference();
  ref.admin.clock.freeze(true);
  ({ child: recorder, baseUrl: proxy } = await startRecorder(ref.baseUrl, file));
}, 180_000);
afterAll(async () => {
  if (recorder.exitCode === null) recorder.kill();
  await ref.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('refapi-mcp through ref-server record', () => {
  it('answers through the recorder what it answers directly, and the recorder keeps each call', async () => {
    const results: Array<Record<string, unknown>[]> = [];
    for (const baseUrl of [ref.baseUrl, proxy]) {
      const mcp: Connected = await connectInProcess([], {
        REF_API_KEY: KEY,
        REF_BASE_URL: baseUrl,
      });
      try {
        results.push([
          structured(await mcp.call('account_get', {})),
          structured(await mcp.call('services_get', { service_ref: 'REF-SVC-101' })),
        ]);
      } finally {
        await mcp.close();
      }
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[1]?.[0]).toMatchObject({ account_ref: 'REF-ACCT-1' });

    recorder.kill('SIGTERM');
    const [code] = await once(recorder, 'exit');
    expect(code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(KEY);
    const operations = text
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { operation: string }).operation);
    expect(operations).toEqual(['getAccount', 'getService']);
  }, 60_000);
});
