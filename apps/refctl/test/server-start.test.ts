import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { REFCTL, refctl, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';

describe('refctl server start', () => {
  it('serves a scenario on a free port, prints how to reach it, and stops on Ctrl-C', async () => {
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
        '-o',
        'json',
      ],
      { env: { PATH: process.env.PATH ?? '', HOME: dir } },
    );
    // Whatever an assertion below does, the server does not outlive the test.
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    while (!stdout.includes('\n}\n')) await once(child.stdout, 'data');
    const started = JSON.parse(stdout) as {
      base_url: string;
      admin_token: string;
      accounts: { account_ref: string; api_keys: string[] }[];
    };
    expect(started.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(started.admin_token).toBe('refadm_cli_test');
    expect(started.accounts[0]).toEqual({
      account_ref: 'REF-ACCT-A1',
      api_keys: [KEYS.full, KEYS.readOnly, KEYS.rate],
    });

    const me = await refctl(['me', '-o', 'json'], {
      env: { REF_BASE_URL: started.base_url, REF_API_KEY: KEYS.full, XDG_CONFIG_HOME: dir },
    });
    expect(JSON.parse(me.stdout)).toMatchObject({ account_ref: 'REF-ACCT-A1' });

    child.kill('SIGINT');
    const [code] = await once(child, 'exit');
    expect(code).toBe(130);
  });

  it('reports an unreadable scenario as a usage error', async () => {
    const result = await refctl([
      'server',
      'start',
      '--port',
      '0',
      '--scenario',
      '/nonexistent.json',
    ]);
    expect(result).toMatchObject({
      code: 2,
      stderr: 'error: cannot read scenario file /nonexistent.json: ENOENT\n',
    });
  });
});
