import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, connectStdio, structured } from './helpers/mcp-client';
import { type Reference, startReference } from './helpers/reference';
import { buyPlanned } from './helpers/sandbox-buyer';

function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'mcp-')), ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let ref: Reference;
beforeAll(async () => {
  ref = await startReference();
});
afterAll(() => ref.close());

describe('refapi-mcp', () => {
  it('prints its help and version', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--max-spend/);
    expect((await run(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    [['--tools', 'nope'], /unknown tool nope/],
    [['--max-spend', 'lots'], /--max-spend/],
    [[], /no API key/],
  ])('exits 2 with one line for %j', async (args, message) => {
    const { code, stderr, stdout } = await run(args);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
  });

  it('exits 2 on a bad base URL without echoing the key', async () => {
    const key = 'refak_secret_value_123';
    const { code, stderr } = await run([], { REF_API_KEY: key, REF_BASE_URL: 'ftp://x' });
    expect(code).toBe(2);
    expect(stderr).toMatch(/http or https/);
    expect(stderr).not.toContain(key);
  });

  it('reads the key and base URL from a refctl profile', async () => {
    const config = mkdtempSync(join(tmpdir(), 'mcp-config-'));
    mkdirSync(join(config, 'refctl'));
    writeFileSync(
      join(config, 'refctl', 'config.json'),
      JSON.stringify({
        profiles: { demo: { base_url: ref.baseUrl, api_key: 'refak_demo_usd_full' } },
      }),
    );
    const mcp = await connectStdio(['--profile', 'demo'], { XDG_CONFIG_HOME: config });
    try {
      expect(structured(await mcp.call('balance_get')).currency).toBe('USD');
      expect(mcp.stderr()).toMatch(/key from refctl profile demo/);
      expect(mcp.stderr()).not.toContain('refak_demo_usd_full');
    } finally {
      await mcp.close();
    }
  });

  it('says on stderr why it stops at a message past 10 MiB, and skips a line that is not JSON-RPC', async () => {
    const child = spawn(process.execPath, [BIN], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: mkdtempSync(join(tmpdir(), 'mcp-')),
        REF_API_KEY: 'refak_demo_eur_full',
        REF_BASE_URL: ref.baseUrl,
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = once(child, 'exit') as Promise<[number | null]>;
    child.stdin.on('error', () => {}); // it closes its stdin once the buffer overflows
    await expect.poll(() => stderr, { timeout: 10_000 }).toMatch(/tools on stdio/);
    child.stdin.write('{"not":"json-rpc"}\n');
    await expect.poll(() => stderr, { timeout: 10_000 }).toMatch(/skipped a line on stdin/);
    child.stdin.write(
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(11 * 2 ** 20)}"}}\n`,
    );
    const [code] = await exited;
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /refapi-mcp: a message on stdin passed 10 MiB: the connection is closed/,
    );
    expect(stderr).not.toContain('refak_demo_eur_full');
  });

  it('--sandbox serves the demo account with no key at all', async () => {
    const mcp = await connectStdio(['--sandbox', '--tools', 'all']);
    try {
      const before = structured(await mcp.call('balance_get')).amount as number;
      const order = structured(await buyPlanned(mcp.call, { type: 'kvm', plan_code: 'kvm-s' }));
      expect(order.idempotent_replayed).toBe(false);
      expect(structured(await mcp.call('balance_get')).amount).toBeCloseTo(before - 5.95, 2);
      expect(mcp.stderr()).toMatch(/sandbox/);
    } finally {
      await mcp.close();
    }
  });
});
