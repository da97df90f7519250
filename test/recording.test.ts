import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isNotFoundError, RefClient } from '@refapi/sdk';
import { describe, expect, it } from 'vitest';
import { recordedUpstream } from './recorded-upstream';

// `ref-server record` as a user runs it (the built bin, its own process, stopped by SIGTERM)
// between a second reference server and the SDK and refctl, which work through it
// unchanged; then `ref-server drift` on what it recorded.

const run = promisify(execFile);
const REF_SERVER = fileURLToPath(new URL('../packages/server/bin/ref-server.js', import.meta.url));
const REFCTL = fileURLToPath(new URL('../apps/refctl/dist/refctl.cjs', import.meta.url));
const KEY = 'refak_demo_eur_full';

const recorded = recordedUpstream({ adminToken: 'e2e-recording-admin', frozen: true });

const client = (baseUrl: string) =>
  new RefClient({ apiKey: KEY, baseUrl, validateResponses: 'strict', maxRetries: 0 });

describe('ref-server record between a real-like API and its clients', () => {
  it('the SDK gets through it what it gets directly, errors with their request ids included', async () => {
    for (const sdk of [client(recorded.direct), client(recorded.proxy)]) {
      expect((await sdk.account.get()).account_ref).toBe('REF-ACCT-1');
    }
    const direct = await client(recorded.direct).services.list({ limit: 5 });
    const through = await client(recorded.proxy).services.list({ limit: 5 });
    // Page metadata aside (each answer has its request id and rate-limit count).
    expect(through.items).toEqual(direct.items);
    expect(through.items).toHaveLength(5);
    const error = await client(recorded.proxy)
      .services.get('REF-SVC-FFFF')
      .catch((caught: unknown) => caught);
    if (!isNotFoundError(error)) throw error;
    expect(error.requestId).toMatch(/^req_/);
  });

  it('refctl prints through it what it prints directly', async () => {
    const refctl = (baseUrl: string) =>
      run(process.execPath, [REFCTL, 'balance', '--output', 'json'], {
        env: { ...process.env, REF_BASE_URL: baseUrl, REF_API_KEY: KEY, NO_COLOR: '1' },
      });
    const direct = await refctl(recorded.direct);
    const through = await refctl(recorded.proxy);
    expect(through.stdout).toBe(direct.stdout);
    expect(JSON.parse(through.stdout)).toMatchObject({ amount: 250, currency: 'EUR' });
  }, 30_000);

  it('SIGTERM ends it cleanly, the file holds every exchange redacted, and drift names what the recording never saw', async () => {
    recorded.recorder.kill('SIGTERM');
    const [code] = await once(recorded.recorder, 'exit');
    expect(code).toBe(0);
    const lines = readFileSync(recorded.file, 'utf8').trim().split('\n');
    const exchanges = lines.map(
      (line) => JSON.parse(line) as { operation: string; status: number },
    );
    expect(exchanges.map((e) => [e.operation, e.status])).toEqual([
      ['getAccount', 200],
      ['listServices', 200],
      ['getService', 404],
      ['getBalance', 200],
    ]);
    expect(lines.join('\n')).not.toContain(KEY);

    const drift = await run(process.execPath, [REF_SERVER, 'drift', recorded.file]);
    // One page of five services, with more: the rebuilt account has more below its cursor,
    // so the page replays as recorded.
    expect(drift.stdout.trimEnd().split('\n').at(-1)).toBe('fidelity 4/4 (0 unverifiable)');
  }, 30_000);

  it('drift --exit-code gates a CI job: 0 when faithful, 1 on a difference, 2 when unreadable', async () => {
    const gate = (recording: string) =>
      run(process.execPath, [REF_SERVER, 'drift', recording, '--exit-code']).then(
        () => 0,
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    expect(await gate(recorded.file)).toBe(0);
    // An upstream that answered the unknown service 410 where the contract says 404.
    const changed = join(dirname(recorded.file), 'changed.jsonl');
    const lines = readFileSync(recorded.file, 'utf8');
    expect(lines).toContain('"status":404,');
    writeFileSync(changed, lines.replace('"status":404,', '"status":410,'));
    const differs = await gate(changed);
    expect(differs).toMatchObject({ code: 1 });
    expect((differs as { stdout: string }).stdout).toContain('fidelity 3/4 (0 unverifiable)');
    const missing = await gate(join(dirname(recorded.file), 'missing.jsonl'));
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('ENOENT') });
  }, 30_000);
});
