import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { recordMeAndBalance } from '../src/recording/recording-test-kit';
import { renewingKvm, renewingScenario } from './fixtures/renewing-account';
import { refServerArgs } from './ref-server-process';

// Runs `ref-server` as a user does: the built bin, or src/bin.ts through tsx when a source
// changed since the last build.
const children: ChildProcessWithoutNullStreams[] = [];

function start(args: string[], env: Record<string, string | undefined> = {}) {
  const child = spawn(process.execPath, [...refServerArgs(), ...args], {
    env: { ...process.env, ...env },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return {
    child,
    output: () => ({ stdout, stderr }),
    async waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
      for (let i = 0; i < 300; i++) {
        const match = pattern.exec(stdout);
        if (match) return match;
        if (child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no ${pattern} in output: ${stdout} ${stderr}`);
    },
  };
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('ref-server bin', () => {
  it('prints base URL, admin token and one key per demo account, serves, logs JSON without tokens, exits on SIGTERM', async () => {
    const server = start(['--port', '0', '--log', 'json'], { REF_ADMIN_TOKEN: 'env-admin-token' });
    const [, baseUrl] = await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    await server.waitFor(/GBP\) key: refak_demo_gbp_full/);
    const { stdout } = server.output();
    // The token came from the environment: the banner says so and never echoes it.
    expect(stdout).toContain(
      'admin token: the one given (--admin-token or REF_ADMIN_TOKEN), not printed\n',
    );
    expect(stdout).not.toContain('env-admin-token');
    expect(stdout).toContain(`console: ${new URL(baseUrl as string).origin}/__console/?code=`);
    // The banner's console link signs a browser in once.
    const signInCode = new URL(/console: (\S+)/.exec(stdout)![1]!).searchParams.get('code')!;
    const signIn = () =>
      fetch(`${new URL(baseUrl as string).origin}/__admin/session`, {
        method: 'POST',
        headers: { 'x-refapi-sign-in-code': signInCode },
      });
    const first = await signIn();
    expect([first.status, first.headers.get('set-cookie')]).toEqual([
      204,
      expect.stringContaining('refapi_admin='),
    ]);
    expect(await (await signIn()).json()).toEqual({
      error: 'invalid_admin_token: sign-in code used',
    });
    expect(stdout).toContain('REF-ACCT-1 (EUR) key: refak_demo_eur_full');
    expect(stdout).toContain('REF-ACCT-2 (USD) key: refak_demo_usd_full');

    const me = await fetch(`${baseUrl}/me`, {
      headers: { authorization: 'Bearer refak_demo_eur_full' },
    });
    expect([me.status, (await me.json()).account_ref]).toEqual([200, 'REF-ACCT-1']);
    await fetch(`${baseUrl}/me`, { headers: { authorization: 'Bearer refak_wrong_token' } });
    const line = await server.waitFor(/\{"level":"info".*"status":401.*\}/);
    expect(JSON.parse(line[0])).toMatchObject({
      request_id: expect.stringMatching(/^req_[A-Za-z0-9]{24}$/),
      method: 'GET',
      path: '/v1/me',
      status: 401,
      account_ref: null,
    });
    const logLines = server
      .output()
      .stdout.split('\n')
      .filter((l) => l.startsWith('{'));
    expect(logLines.join('\n')).not.toContain('refak_');

    server.child.kill('SIGTERM');
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(0);
  });

  it('prints the random admin token it made, which opens the admin API', async () => {
    const server = start(['--port', '0', '--log', 'silent'], { REF_ADMIN_TOKEN: undefined });
    const [, baseUrl] = await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\/v1/);
    const [, token] = await server.waitFor(/^admin token: (\S+)$/m);
    const state = await fetch(`${baseUrl}/__admin/state`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(state.status).toBe(200);
  });

  it('goes on serving when the reader of its stdout goes away (ref-server | head -1)', async () => {
    const server = start(['--host', '127.0.0.1', '--port', '0']);
    const [, baseUrl] = await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    server.child.stdout.destroy();
    // Each request is logged to stdout: the first write after the reader left gets EPIPE.
    for (let i = 0; i < 3; i++) {
      const me = await fetch(`${baseUrl}/me`, {
        headers: { authorization: 'Bearer refak_demo_eur_full' },
      });
      expect(me.status).toBe(200);
    }
    expect(server.child.exitCode).toBeNull();
    server.child.kill('SIGTERM');
    const [code] = await once(server.child, 'exit');
    expect(code).toBe(0);
    expect(server.output().stderr).toBe('');
  });

  it('prints its version and its usage', async () => {
    const { version } = (await import('../package.json')).default;
    const versionRun = start(['--version']);
    const helpRun = start(['-h']);
    const [[versionCode], [helpCode]] = await Promise.all([
      once(versionRun.child, 'exit'),
      once(helpRun.child, 'exit'),
    ]);
    expect([versionCode, versionRun.output().stdout]).toEqual([0, `${version}\n`]);
    expect(helpCode).toBe(0);
    expect(helpRun.output().stdout).toMatch(/^Usage: ref-server \[options\]\n[\s\S]*--state-file/);
  });

  it("keeps Node's cache of its compiled code in the temporary folder for the next start", async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'ref-server-compile-cache-'));
    try {
      const run = start(['--version'], { TMPDIR: tmp, NODE_COMPILE_CACHE: undefined });
      const [code] = await once(run.child, 'exit');
      expect(code).toBe(0);
      expect(readdirSync(join(tmp, 'node-compile-cache'))).not.toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('serves without loading msw, which only handlers need (a quarter of its start)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ref-server-loads-'));
    const log = join(dir, 'resolved.txt');
    try {
      const hook = fileURLToPath(new URL('./fixtures/log-resolved.mjs', import.meta.url));
      const server = start(['--port', '0', '--log', 'silent'], {
        NODE_OPTIONS: `--import=${hook}`,
        LOG_RESOLVED: log,
      });
      const [, baseUrl] = await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
      const me = await fetch(`${baseUrl}/me`, {
        headers: { authorization: 'Bearer refak_demo_eur_full' },
      });
      expect(me.status).toBe(200);
      const resolved = readFileSync(log, 'utf8').split('\n');
      // The log saw the server load (so an msw import would be in it too).
      expect(resolved.some((url) => /node-server|reference-core|chunk-/.test(url))).toBe(true);
      expect(resolved.filter((url) => /\/msw\//.test(url))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown flag with one line on stderr and exit code 2', async () => {
    const run = start(['--frobnicate']);
    const [code] = await once(run.child, 'exit');
    expect(code).toBe(2);
    expect(run.output().stderr.trim().split('\n')).toEqual([
      "ref-server: Unknown option '--frobnicate' (see --help)",
    ]);
  });

  it.each([
    [['--port', '-1'], 'ref-server: --port must be an integer 0..65535, got "-1" (see --help)'],
    [
      ['record', '--upstream', 'http://127.0.0.1:9/v1', '--port', '-1'],
      'ref-server: --port must be an integer 0..65535, got "-1"',
    ],
  ])('refuses %j with one line naming the range and exit code 2', async (args, line) => {
    const run = start(args);
    const [code] = await once(run.child, 'exit');
    expect([code, run.output().stderr]).toEqual([2, `${line}\n`]);
  });

  it('refuses an invalid scenario file with the precise reason', async () => {
    const run = start([
      '--scenario',
      fileURLToPath(new URL('./fixtures/bad-scenario.json', import.meta.url)),
    ]);
    const [code] = await once(run.child, 'exit');
    expect(code).toBe(1);
    expect(run.output().stderr).toBe(
      'ref-server: invalid_scenario: accounts[0].api_keys[0].token: must start with refak_\n',
    );
  });

  it('refuses a scenario file whose service keeps renewal terms time could not have written', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ref-scenario-')), 'scenario.json');
    const service = renewingKvm('REF-SVC-1', '203.0.113.1', {
      status: 'suspended',
      expires_at: '2026-01-01T00:00:00.000Z',
      renewal_invoice_ref: 'bogus',
    });
    const scenario = renewingScenario([service], { token: 'refak_bin_full', balance: 10 });
    writeFileSync(file, JSON.stringify(scenario));
    const run = start(['--scenario', file, '--port', '0']);
    const [code] = await once(run.child, 'exit');
    expect(code).toBe(1);
    expect(run.output().stderr).toBe(
      'ref-server: invalid_scenario: accounts[0].services[0].renewal_invoice_ref: must match /^REF-INV-[0-9A-F]+$/\n',
    );
    expect(run.output().stdout).not.toContain('listening');
  });

  it.runIf(process.platform === 'linux')(
    'stops reading a scenario at --max-admin-body: /dev/zero is refused in one line, not read on',
    async () => {
      const run = start(['--scenario', '/dev/zero', '--max-admin-body', '1MiB']);
      const [code] = await once(run.child, 'exit');
      expect(code).toBe(1);
      expect(run.output().stderr).toBe(
        'ref-server: scenario /dev/zero is larger than 1048576 bytes (--max-admin-body): refusing to read on\n',
      );
    },
  );

  it.runIf(process.platform !== 'win32').each(['drift', 'scenario'] as const)(
    '%s ends at once on SIGINT, even while it waits on a FIFO with no writer',
    async (command) => {
      const fifo = join(mkdtempSync(join(tmpdir(), 'ref-fifo-')), 'recording.jsonl');
      await once(spawn('mkfifo', [fifo]), 'close');
      const run = start(
        command === 'drift' ? ['drift', fifo] : ['scenario', '--from-recording', fifo],
      );
      // Started (the bin loads in ~0.3 s) and blocked on the FIFO.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const sentAt = performance.now();
      run.child.kill('SIGINT');
      const [code, signal] = await once(run.child, 'exit');
      // It took the signal and waited on: only SIGKILL ended it.
      expect([code, signal]).toEqual([null, 'SIGINT']);
      expect(performance.now() - sentAt).toBeLessThan(1_000);
    },
  );

  it.runIf(process.platform !== 'win32')(
    'record --out a FIFO with no reader ends on SIGINT, saying nothing was recorded',
    async () => {
      const fifo = join(mkdtempSync(join(tmpdir(), 'ref-fifo-')), 'recording.jsonl');
      await once(spawn('mkfifo', [fifo]), 'close');
      const run = start([
        'record',
        '--upstream',
        'http://127.0.0.1:9/v1',
        '--port',
        '0',
        '--out',
        fifo,
      ]);
      // Started, and says it waits for the FIFO's reader (before, the test slept 1 s, and a
      // bin slower than that to load died of the signal on a loaded machine).
      const waiting = `ref-server: waiting for a reader of ${fifo} (Ctrl-C stops)\n`;
      for (let i = 0; i < 300 && run.output().stderr !== waiting; i++) {
        if (run.child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(run.output().stderr).toBe(waiting);
      const sentAt = performance.now();
      run.child.kill('SIGINT');
      const [code] = await once(run.child, 'exit');
      // It took the signal and waited on for a reader: only SIGKILL ended it.
      expect(code).toBe(0);
      expect(performance.now() - sentAt).toBeLessThan(1_000);
      expect(run.output().stdout).toBe(
        `ref-server: stopped before ${fifo} opened: nothing recorded\n`,
      );
    },
  );

  it.runIf(process.platform !== 'win32')(
    'drift /dev/stdin replays a recording past 1 MiB piped in (cat | ref-server drift /dev/stdin)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ref-pipe-'));
      const file = join(dir, 'recording.jsonl');
      await recordMeAndBalance(file);
      // Past what drift holds in memory: a blank line, which a reader skips without a word.
      appendFileSync(file, `${' '.repeat(1024 * 1024)}\n`);
      // A shell's pipe, as a user's `zcat` gives (a child's stdin from node is a socket).
      const child = spawn(
        'sh',
        ['-c', 'cat "$0" | exec "$@"', file, process.execPath, ...refServerArgs()].concat([
          'drift',
          '/dev/stdin',
          '--exit-code',
        ]),
      );
      let stdout = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      const [code] = await once(child, 'exit');
      rmSync(dir, { recursive: true, force: true });
      // Read once for the scenario, the pipe left the replays nothing: "fidelity 0/0", exit 0.
      expect(stdout.trimEnd().split('\n').at(-1)).toBe('fidelity 2/2 (0 unverifiable)');
      expect(code).toBe(0);
    },
  );

  it.runIf(process.platform !== 'win32')(
    'drift and scenario read a recording on standard input when a Node parent feeds it (a socket, not a pipe)',
    async () => {
      const recording = await recordedMeAndBalance();
      // node's `spawn` (and execa, zx, test runners) gives a child a socket as its stdin.
      const fed = async (args: string[]) => {
        const run = start(args);
        run.child.stdin.end(recording);
        const [code] = await once(run.child, 'exit');
        return { code, ...run.output() };
      };
      for (const name of ['/dev/stdin', '-']) {
        const drift = await fed(['drift', name, '--exit-code']);
        expect({ name, ...drift, stdout: drift.stdout.trimEnd().split('\n').at(-1) }).toEqual({
          name,
          code: 0,
          stdout: 'fidelity 2/2 (0 unverifiable)',
          stderr: '',
        });
      }
      const scenario = await fed(['scenario', '--from-recording', '-']);
      expect(scenario.code).toBe(0);
      expect(JSON.parse(scenario.stdout)).toMatchObject({
        accounts: [expect.objectContaining({ account_ref: 'REF-ACCT-1' })],
      });
    },
  );

  it.runIf(process.platform !== 'win32')(
    'drift and scenario read the first line of a recording on standard input that starts with a byte order mark',
    async () => {
      const recording = await recordedMeAndBalance();
      // As PowerShell pipes it (`Get-Content rec.jsonl | ref-server drift -`), the mark's
      // three bytes coming apart.
      const fed = async (args: string[]) => {
        const run = start(args);
        run.child.stdin.write(Buffer.from([0xef]));
        await new Promise((resolve) => setTimeout(resolve, 50));
        run.child.stdin.end(Buffer.concat([Buffer.from([0xbb, 0xbf]), recording]));
        const [code] = await once(run.child, 'exit');
        return { code, ...run.output() };
      };
      const drift = await fed(['drift', '-', '--exit-code']);
      expect({ ...drift, stdout: drift.stdout.trimEnd().split('\n').at(-1) }).toEqual({
        code: 0,
        stdout: 'fidelity 2/2 (0 unverifiable)',
        stderr: '',
      });
      const scenario = await fed(['scenario', '--from-recording', '-']);
      expect(scenario.code).toBe(0);
      expect(scenario.stderr).not.toContain('skipped');
      expect(JSON.parse(scenario.stdout)).toMatchObject({
        accounts: [expect.objectContaining({ account_ref: 'REF-ACCT-1', first_name: 'Ada' })],
      });
    },
  );

  it.runIf(process.platform !== 'win32')(
    'drift and scenario read a gzipped recording from a file, a shell pipe and a Node parent; a truncated one ends with one line',
    async () => {
      const recording = await recordedMeAndBalance();
      const [me, balance] = recording.toString('utf8').split(/(?<=\n)/);
      const dir = mkdtempSync(join(tmpdir(), 'ref-gzip-'));
      // `gzip recording.jsonl`; and a copy of it cut short.
      const whole = join(dir, 'recording.jsonl.gz');
      writeFileSync(whole, gzipSync(recording));
      const second = gzipSync(balance!);
      const cut = join(dir, 'cut.jsonl.gz');
      writeFileSync(cut, Buffer.concat([gzipSync(me!), second.subarray(0, second.length >> 1)]));
      const exited = async (run: ReturnType<typeof start>) => {
        const [code] = await once(run.child, 'exit');
        const { stdout, stderr } = run.output();
        return { code, last: stdout.trimEnd().split('\n').at(-1), stderr };
      };
      const fed = (args: string[], file: string) => {
        const run = start(args);
        run.child.stdin.end(readFileSync(file));
        return exited(run);
      };
      const piped = async (file: string, args: string[]) => {
        // A shell's pipe (`cat rec.jsonl.gz | ref-server drift /dev/stdin`).
        const child = spawn('sh', [
          '-c',
          'cat "$0" | exec "$@"',
          file,
          process.execPath,
          ...refServerArgs(),
          ...args,
        ]);
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk) => {
          stdout += chunk;
        });
        child.stderr.on('data', (chunk) => {
          stderr += chunk;
        });
        const [code] = await once(child, 'exit');
        return { code, last: stdout.trimEnd().split('\n').at(-1), stderr };
      };
      const read = { code: 0, last: 'fidelity 2/2 (0 unverifiable)', stderr: '' };
      expect(await exited(start(['drift', whole, '--exit-code']))).toEqual(read);
      expect(await fed(['drift', '-', '--exit-code'], whole)).toEqual(read);
      expect(await fed(['drift', '/dev/stdin', '--exit-code'], whole)).toEqual(read);
      expect(await piped(whole, ['drift', '/dev/stdin', '--exit-code'])).toEqual(read);
      const scenario = start(['scenario', '--from-recording', '-']);
      scenario.child.stdin.end(readFileSync(whole));
      expect((await exited(scenario)).code).toBe(0);
      expect(JSON.parse(scenario.output().stdout)).toMatchObject({
        accounts: [expect.objectContaining({ account_ref: 'REF-ACCT-1', first_name: 'Ada' })],
      });

      const truncated = (name: string) =>
        `ref-server: cannot read recording ${name} past line 1: its gzip data ends early, the file is truncated (unexpected end of file)\n`;
      expect(await exited(start(['drift', cut]))).toEqual({
        code: 1,
        last: 'fidelity 1/1 (0 unverifiable)',
        stderr: truncated(cut),
      });
      expect(await fed(['drift', '-', '--exit-code'], cut)).toEqual({
        code: 2,
        last: 'fidelity 1/1 (0 unverifiable)',
        stderr: truncated('-'),
      });
      expect(await piped(cut, ['drift', '/dev/stdin'])).toEqual({
        code: 1,
        last: 'fidelity 1/1 (0 unverifiable)',
        stderr: truncated('/dev/stdin'),
      });
      const partial = await fed(['scenario', '--from-recording', '-'], cut);
      expect(partial.code).toBe(1);
      expect(partial.stderr.split(/(?<=\n)/).at(-1)).toBe(truncated('-'));
      rmSync(dir, { recursive: true, force: true });
    },
  );

  it.runIf(process.platform !== 'win32')(
    'drift and scenario read a gzipped recording padded with a million blank lines, every line counted',
    async () => {
      const recording = await recordedMeAndBalance();
      const [me, balance] = recording.toString('utf8').split(/(?<=\n)/);
      const dir = mkdtempSync(join(tmpdir(), 'ref-blank-'));
      const padded = join(dir, 'padded.jsonl.gz');
      const second = gzipSync(me!);
      writeFileSync(
        padded,
        Buffer.concat([
          gzipSync(
            [
              me!,
              '\n'.repeat(1_000_000), // lines 2 to 1000001
              ' \t\r\n'.repeat(1000), // to 1001001
              'not json\n', // 1001002
              balance!, // 1001003
              '\r\n'.repeat(1000), // to 1002003
              `${' '.repeat(8 * 1024 * 1024 + 1)}\n`, // 1002004: a blank line past the cap
              '\n'.repeat(100), // to 1002104
            ].join(''),
          ),
          // Then a copy cut short.
          second.subarray(0, second.length >> 1),
        ]),
      );
      const cut = (name: string) =>
        `ref-server: cannot read recording ${name} past line 1002104: its gzip data ends early, the file is truncated (unexpected end of file)\n`;
      const drift = start(['drift', padded]);
      const [code] = await once(drift.child, 'exit');
      const { stdout, stderr } = drift.output();
      expect({ code, stderr }).toEqual({ code: 1, stderr: cut(padded) });
      expect(stdout.trimEnd().split('\n').slice(-4)).toEqual([
        'skipped lines (not exchanges):',
        '  line 1001002: not a JSON line',
        '  line 1002004: longer than 8388608 characters',
        'fidelity 2/2 (0 unverifiable)',
      ]);
      const scenario = start(['scenario', '--from-recording', '-']);
      scenario.child.stdin.end(readFileSync(padded));
      const [scenarioCode] = await once(scenario.child, 'exit');
      expect(scenarioCode).toBe(1);
      const said = scenario.output().stderr;
      expect(said.split(/(?<=\n)/).at(-1)).toBe(cut('-'));
      expect(said.split('\n').filter((line) => line.includes(' skipped: '))).toEqual([
        'ref-server: note: line 1001002 skipped: not a JSON line',
        'ref-server: note: line 1002004 skipped: longer than 8388608 characters',
      ]);
      rmSync(dir, { recursive: true, force: true });
    },
    60_000,
  );

  it.runIf(process.platform !== 'win32')(
    'drift reads a gzip bomb in the memory of a capped line (a 64 MiB heap, 256 MiB in one line)',
    async () => {
      const recording = await recordedMeAndBalance();
      const [me, balance] = recording.toString('utf8').split(/(?<=\n)/);
      const dir = mkdtempSync(join(tmpdir(), 'ref-bomb-'));
      const bomb = join(dir, 'bomb.jsonl.gz');
      writeFileSync(
        bomb,
        Buffer.concat([
          gzipSync(me!),
          gzipSync(Buffer.alloc(256 * 1024 * 1024, 'x')),
          gzipSync(`\n${balance!}`),
        ]),
      );
      const child = spawn(process.execPath, [
        '--max-old-space-size=64',
        ...refServerArgs(),
        'drift',
        bomb,
      ]);
      let stdout = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      const [code] = await once(child, 'exit');
      rmSync(dir, { recursive: true, force: true });
      expect(stdout).toContain('line 2: longer than 8388608 characters');
      expect({ code, last: stdout.trimEnd().split('\n').at(-1) }).toEqual({
        code: 0,
        last: 'fidelity 2/2 (0 unverifiable)',
      });
    },
    60_000,
  );

  it('refuses a scenario file with a malformed Shield snapshot, naming its path', async () => {
    const run = start([
      '--scenario',
      fileURLToPath(new URL('./fixtures/bad-shield-scenario.json', import.meta.url)),
    ]);
    const [code] = await once(run.child, 'exit');
    expect(code).toBe(1);
    expect(run.output().stderr).toBe(
      'ref-server: invalid_scenario: extensions.shield.rules[0].state: is not a known field\n',
    );
    expect(run.output().stdout).not.toContain('listening');
  });

  it('serves the Shield state of a scenario file with a valid snapshot', async () => {
    const server = start([
      '--port',
      '0',
      '--log',
      'silent',
      '--scenario',
      fileURLToPath(new URL('./fixtures/shield-scenario.json', import.meta.url)),
    ]);
    const [, baseUrl] = await server.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/v1)/);
    const rules = await fetch(`${baseUrl}/services/REF-SVC-A1/shield/rules`, {
      headers: { authorization: 'Bearer refak_shield_cli' },
    });
    expect(rules.status).toBe(200);
    const body = (await rules.json()) as { rules: Array<{ id: string; kind: string }> };
    expect(body.rules).toContainEqual(
      expect.objectContaining({ id: '6bb2e60d-3ca8-4f96-a432-b4e903009a06', kind: 'custom' }),
    );
  });
});

/** The bytes of a recording of `GET /me` and `GET /balance` (its file already removed). */
async function recordedMeAndBalance(): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'ref-recording-'));
  try {
    const file = join(dir, 'recording.jsonl');
    await recordMeAndBalance(file);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
