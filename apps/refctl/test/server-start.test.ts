import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SERVER_MISSING } from '../src/server-start';
import { REFCTL, refctl, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';

// Each test starts the reference server in a child process: seconds on a busy machine.
describe('refctl server start', { timeout: 60_000 }, () => {
  it("takes ref-server's flags, serves until SIGTERM, then prints one line and exits 0", async () => {
    const dir = tempConfigHome();
    const file = join(dir, 'scenario.json');
    writeFileSync(file, JSON.stringify(scenario));
    const child = spawn(
      process.execPath,
      [
        REFCTL,
        'server',
        'start',
        '--port',
        '0',
        '--scenario',
        file,
        '--admin-token',
        'refadm_cli_test',
        '--state-file',
        join(dir, 'state.json'),
        '--log',
        'json',
      ],
      { env: { PATH: process.env.PATH ?? '', HOME: dir } },
    );
    // Whatever an assertion below does, the server does not outlive the test.
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    while (!stdout.includes(' key: ')) await once(child.stdout, 'data');
    const baseUrl = /^refctl server start listening on (http:\/\/127\.0\.0\.1:\d+\/v1)$/m.exec(
      stdout,
    )?.[1];
    expect(baseUrl).toBeDefined();
    expect(stdout).toContain(
      'admin token: the one given (--admin-token or REF_ADMIN_TOKEN), not printed\n',
    );
    expect(stdout).not.toContain('refadm_cli_test');
    expect(stdout).toContain(`REF-ACCT-A1 (EUR) key: ${KEYS.full}\n`);

    const me = await refctl(['me', '-o', 'json'], {
      env: { REF_BASE_URL: baseUrl, REF_API_KEY: KEYS.full, XDG_CONFIG_HOME: dir },
    });
    expect(JSON.parse(me.stdout)).toMatchObject({ account_ref: 'REF-ACCT-A1' });
    // --log json: ref-server's request log, without the key.
    while (!stdout.includes('"path":"/v1/me"')) await once(child.stdout, 'data');

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('refctl server start: SIGTERM, closing');
    expect(stderr).toBe('');
  });

  it("answers bad flags and files the way ref-server does, under refctl's name", async () => {
    const [unknown, missingFile, help] = await Promise.all([
      refctl(['server', 'start', '--frobnicate']),
      refctl(['server', 'start', '--port', '0', '--scenario', '/nonexistent.json']),
      refctl(['server', 'start', '--help']),
    ]);
    expect(unknown).toMatchObject({
      code: 2,
      stderr: "refctl server start: Unknown option '--frobnicate' (see --help)\n",
    });
    expect(missingFile).toMatchObject({
      code: 1,
      stderr: 'refctl server start: cannot read scenario /nonexistent.json: ENOENT\n',
    });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: refctl server start \[options\]\n[\s\S]*--state-file/);
  });

  it('refuses refctl options before server start with a usage line', async () => {
    const result = await refctl(['--debug', 'server', 'start']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('server start takes no refctl options');
  });

  it('says in one line how to install @refapi/server when it is missing (exit 2)', async () => {
    // The dist alone, where no node_modules holds @refapi/server.
    const dist = join(tempConfigHome(), 'dist');
    cpSync(dirname(REFCTL), dist, { recursive: true });
    const child = spawn(process.execPath, [join(dist, 'refctl.cjs'), 'server', 'start'], {
      env: { PATH: process.env.PATH ?? '' },
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const [code] = await once(child, 'exit');
    expect([code, stderr]).toEqual([2, SERVER_MISSING]);
    // What it suggests must work: the package is not on the registry (a bare
    // `npm install @refapi/server` answers 404), the repository's tarballs install.
    expect(stderr).not.toMatch(/npm install @refapi\/server(\s|$)/);
    expect(stderr).toContain('npm install /path/to/refapi/packs/*.tgz msw@3');
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
