import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SERVICE_TYPES, SHIELD_PRESET_CODES } from '@refapi/schema/values';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refctlInProcess } from './helpers/run-in-process';
import { REFCTL, refctl, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

// Output runs in process; `--version`, which bin.ts answers before loading the rest, and
// the shebang are the built bin's.

const scripts: Record<string, string> = {};
const dir = tempConfigHome();
const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

beforeAll(async () => {
  writeFileSync(stubLog, '');
  writeFileSync(
    join(dir, 'refctl'),
    `#!/bin/sh\necho "$*" >> ${JSON.stringify(stubLog)}\nprintf 'REF-SVC-7\\nREF-SVC-8\\n'\n`,
  );
  chmodSync(join(dir, 'refctl'), 0o755);
  for (const shell of ['bash', 'zsh', 'fish']) {
    const { code, stdout } = await refctlInProcess(['completion', shell]);
    expect(code).toBe(0);
    scripts[shell] = stdout;
    writeFileSync(join(dir, `refctl.${shell}`), stdout);
  }
});

/**
 * Runs the bash completion function for the words typed so far (the last one is the cursor).
 * `refctl` on its PATH is a stub that logs each call and answers two service refs.
 */
function complete(words: string[], cwd?: string): string[] {
  const script = `
    source ${JSON.stringify(join(dir, 'refctl.bash'))}
    COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')})
    COMP_CWORD=${words.length - 1}
    _refctl
    printf '%s\\n' "\${COMPREPLY[@]}"`;
  const env = { ...process.env, PATH: `${dir}:${process.env.PATH}` };
  return execFileSync('bash', ['-c', script], { encoding: 'utf8', env, cwd })
    .split('\n')
    .filter(Boolean);
}

const stubLog = join(dir, 'stub.log');
/** The calls the completion made of the `refctl` stub, one line each, and forgets them. */
function stubCalls(): string[] {
  const calls = readFileSync(stubLog, 'utf8').split('\n').filter(Boolean);
  writeFileSync(stubLog, '');
  return calls;
}

describe('refctl completion', () => {
  it('prints a bash script that bash -n accepts', () => {
    expect(scripts.bash).toContain('complete -F _refctl refctl');
    execFileSync('bash', ['-n', join(dir, 'refctl.bash')]);
  });

  it('completes commands, subcommands, flags and their values in bash', () => {
    expect(complete(['refctl', 'sh'])).toEqual(['shield']);
    expect(complete(['refctl', 'shield', 'rules', ''])).toEqual(['list', 'add', 'delete']);
    expect(complete(['refctl', 'invoices', 'list', '--pa'])).toEqual(['--paginate']);
    // --all, the old name of --paginate, works but is not offered.
    expect(complete(['refctl', 'invoices', 'list', '--a'])).toEqual([]);
    expect(complete(['refctl', '-o', 'json', 'shield', 'profile', 'set', 'REF-SVC-1', ''])).toEqual(
      ['off', 'low', 'default', 'strict'],
    );
    expect(complete(['refctl', 'me', '-o', 'y'])).toEqual(['yaml']);
    expect(complete(['refctl', 'completion', 'f'])).toEqual(['fish']);
    expect(complete(['refctl', 'server', ''])).toEqual(['start', 'spaces']);
    expect(complete(['refctl', 'server', 'spaces', ''])).toEqual(['list', 'create', 'delete']);
    expect(complete(['refctl', 'server', 'spaces', 'create', '--f'])).toEqual(['--from']);
  });

  it('never runs refctl for a command, a flag or a fixed value: only the tables answer', () => {
    expect(complete(['refctl', 'services', ''])).toContain('get');
    expect(complete(['refctl', 'services', 'list', '--st'])).toEqual(['--status']);
    expect(complete(['refctl', 'services', 'power', 'REF-SVC-7', 're'])).toEqual(['reboot']);
    expect(complete(['refctl', '-o', ''])).toContain('json');
    expect(complete(['refctl', 'plans', 'get', ''])).toEqual([]);
    expect(stubCalls()).toEqual([]);
  });

  it('offers the schema service types for services list --type and the API methods for api -X', async () => {
    const types = [...SERVICE_TYPES];
    expect(complete(['refctl', 'services', 'list', '--type', ''])).toEqual(types);
    expect(complete(['refctl', 'services', 'list', '--type', '=', 'ded'])).toEqual([
      'dedicated',
      'dedicated_server',
    ]);
    expect(complete(['refctl', 'api', '-X', ''])).toEqual(['GET', 'POST', 'PUT', 'DELETE']);
    expect(complete(['refctl', 'api', '--method', 'P'])).toEqual(['POST', 'PUT']);
    expect(stubCalls()).toEqual([]);
    expect(scripts.zsh).toContain(`'services list|--type') echo '${types.join(' ')}' ;;`);
    expect(scripts.zsh).toContain("'api|-X') echo 'GET POST PUT DELETE' ;;");
    expect(scripts.fish).toContain(`-l type -x -a '${types.join(' ')}'`);
    expect(scripts.fish).toContain("-s X -l method -x -a 'GET POST PUT DELETE'");
    // Offered, not enforced: a type or method refctl does not know still goes to the server
    // (exit 1: nothing listens there), as before.
    const env = { REF_API_KEY: KEYS.full, REF_BASE_URL: 'http://127.0.0.1:9/v1' };
    for (const args of [
      ['services', 'list', '--type', 'future_type'],
      ['api', '-X', 'PATCH', '/me'],
    ]) {
      const result = await refctlInProcess(args, {
        env: { ...env, XDG_CONFIG_HOME: tempConfigHome() },
      });
      expect(result.stderr).toMatch(/^error: no response from http:\/\/127\.0\.0\.1:9\//);
      expect(result.code).toBe(1);
    }
  });

  it('asks refctl __complete for service refs, statuses and rule ids (with their service)', () => {
    expect(complete(['refctl', 'services', 'get', 'REF-SVC-'])).toEqual(['REF-SVC-7', 'REF-SVC-8']);
    expect(complete(['refctl', 'services', 'list', '--status', ''])).toEqual([
      'REF-SVC-7',
      'REF-SVC-8',
    ]);
    complete(['refctl', 'shield', 'rules', 'delete', 'REF-SVC-7', '']);
    expect(stubCalls()).toEqual([
      '__complete services',
      '__complete statuses',
      '__complete rules REF-SVC-7',
    ]);
  });

  it('asks refctl __complete for profile names: --profile and the config commands', () => {
    // The stub answers whatever it is asked; what matters is that it is asked, and for what.
    expect(complete(['refctl', '--profile', ''])).toEqual(['REF-SVC-7', 'REF-SVC-8']);
    complete(['refctl', 'services', 'list', '--profile', '=', '']);
    complete(['refctl', 'config', 'use', '']);
    complete(['refctl', 'config', 'delete', '']);
    complete(['refctl', 'config', 'set-profile', '']);
    expect(stubCalls()).toEqual(Array(5).fill('__complete profiles'));
    expect(scripts.zsh).toContain("'config use|0') echo '__api_profiles__' ;;");
    expect(scripts.fish).toContain('__refctl_api profiles');
  });

  it('offers the preset codes of the schema after shield presets apply REF (offered, not enforced)', async () => {
    const codes = [...SHIELD_PRESET_CODES];
    expect(complete(['refctl', 'shield', 'presets', 'apply', 'REF-SVC-101', ''])).toEqual(codes);
    expect(complete(['refctl', 'shield', 'presets', 'apply', 'REF-SVC-101', 'al'])).toEqual([
      'allow-web-only',
    ]);
    expect(scripts.zsh).toContain(`'shield presets apply|1') echo '${codes.join(' ')}' ;;`);
    expect(scripts.fish).toContain(`-a '${codes.join(' ')}'`);
    // A code refctl does not know still goes to the server (exit 1: nothing listens there).
    const result = await refctlInProcess(['shield', 'presets', 'apply', 'REF-SVC-1', 'future'], {
      env: {
        REF_API_KEY: KEYS.full,
        REF_BASE_URL: 'http://127.0.0.1:9/v1',
        XDG_CONFIG_HOME: tempConfigHome(),
      },
    });
    expect([result.code, result.stderr]).toEqual([
      1,
      expect.stringMatching(/^error: no response from /),
    ]);
  });

  it('offers the command names and the help topics after refctl help', () => {
    const help = complete(['refctl', 'help', '']);
    expect(help).toEqual(expect.arrayContaining(['services', 'shield', 'apply', 'exit-codes']));
    expect(help).not.toContain('__complete');
    expect(complete(['refctl', 'help', 'ex'])).toEqual(['exit-codes']);
    // Past the command, its subcommands: `refctl help shield rules`.
    expect(complete(['refctl', 'help', 'shield', 'ru'])).toEqual(['rules']);
    expect(stubCalls()).toEqual([]);
    expect(scripts.zsh).toMatch(/\n {4}'help'\) echo 'me .* exit-codes' ;;\n/);
    expect(scripts.fish).toContain("-n '__refctl_at \\'help\\'' -a 'exit-codes'");
  });

  it('completes --flag=value as --flag value (bash makes the = a word of its own)', () => {
    // `--output=<TAB>` reaches the function as `--output` `=`, `--output=y<TAB>` with `y` after.
    expect(complete(['refctl', 'me', '--output', '='])).toEqual([
      'table',
      'json',
      'yaml',
      'csv',
      'ndjson',
    ]);
    expect(complete(['refctl', 'me', '--output', '=', 'y'])).toEqual(['yaml']);
    // The value is the flag's, not the command's first argument.
    expect(
      complete(['refctl', '--output', '=', 'json', 'shield', 'profile', 'set', 'REF-SVC-1', '']),
    ).toEqual(['off', 'low', 'default', 'strict']);
    complete(['refctl', 'shield', 'rules', 'delete', '--output', '=', 'json', 'REF-SVC-7', '']);
    expect(stubCalls()).toEqual(['__complete rules REF-SVC-7']);
  });

  it('completes file names for the file of refctl apply and for file flags', () => {
    const files = tempConfigHome();
    writeFileSync(join(files, 'plan.json'), '{}');
    writeFileSync(join(files, 'other.txt'), '');
    expect(complete(['refctl', 'apply', 'pl'], files)).toEqual(['plan.json']);
    expect(complete(['refctl', 'orders', 'create', '--plan-out', 'ot'], files)).toEqual([
      'other.txt',
    ]);
    expect(complete(['refctl', 'orders', 'create', '--plan-out', '=', 'pl'], files)).toEqual([
      'plan.json',
    ]);
    expect(scripts.zsh).toContain("'apply|0') echo '__file__' ;;");
    expect(scripts.fish).toContain(
      "complete -c refctl -F -n '__refctl_at \\'apply\\'; and __refctl_nargs 0'",
    );
  });

  it.runIf(has('zsh'))('prints a zsh script that zsh -n accepts', () => {
    execFileSync('zsh', ['-n', join(dir, 'refctl.zsh')]);
  });

  it.runIf(has('fish'))('prints a fish script that fish -n accepts', () => {
    execFileSync('fish', ['-n', join(dir, 'refctl.fish')]);
  });

  it('names every command in the zsh and fish scripts too', () => {
    expect(scripts.zsh!.startsWith('#compdef refctl\n')).toBe(true);
    expect(scripts.zsh).toContain("'shield rules') echo 'list add delete' ;;");
    expect(scripts.fish).toContain(
      "complete -c refctl -f -n '__refctl_at \\'shield rules\\'' -a 'delete'",
    );
    expect(scripts.fish).toContain("-l output -x -a 'table json yaml csv ndjson'");
  });
});

describe('refctl __complete', () => {
  let server: TestServer;
  const config = tempConfigHome();
  const cachePath = join(config, 'refctl', 'completion-cache.json');
  const env = (extra: Record<string, string> = {}) => ({
    REF_BASE_URL: server.baseUrl,
    REF_API_KEY: KEYS.full,
    XDG_CONFIG_HOME: config,
    ...extra,
  });
  const apiCalls = async () => (await server.requests()).length;

  beforeAll(async () => {
    server = await startServer(scenario);
  });
  afterAll(() => server.close());

  it('prints what the API has, one a line, and asks again only after a minute', async () => {
    const refs = await refctlInProcess(['__complete', 'services'], { env: env() });
    expect(refs).toEqual({ code: 0, stdout: 'REF-SVC-A2\nREF-SVC-A1\n', stderr: '' });
    const statuses = await refctlInProcess(['__complete', 'statuses'], { env: env() });
    expect(statuses.stdout).toBe('active\n');
    const calls = await apiCalls();
    expect(await refctlInProcess(['__complete', 'services'], { env: env() })).toEqual(refs);
    expect(await apiCalls()).toBe(calls);
    // A minute later the answer is asked again.
    const cache = JSON.parse(readFileSync(cachePath, 'utf8')) as {
      answers: Record<string, { at: number }>;
    };
    for (const answer of Object.values(cache.answers)) answer.at -= 61_000;
    writeFileSync(cachePath, JSON.stringify(cache));
    expect(await refctlInProcess(['__complete', 'services'], { env: env() })).toEqual(refs);
    expect(await apiCalls()).toBe(calls + 1);
    // The key is not written down, and the file is its owner's alone.
    expect(readFileSync(cachePath, 'utf8')).not.toContain(KEYS.full);
    expect(execFileSync('stat', ['-c', '%a', cachePath], { encoding: 'utf8' })).toBe('600\n');
  });

  it('prints the rule ids of the service named before', async () => {
    const { stdout: ids } = await refctlInProcess(
      ['shield', 'rules', 'list', 'REF-SVC-A1', '--jq', '.[].id'],
      { env: env() },
    );
    expect(ids).not.toBe('');
    const rules = await refctlInProcess(['__complete', 'rules', 'REF-SVC-A1'], { env: env() });
    expect(rules).toEqual({ code: 0, stdout: ids, stderr: '' });
  });

  it('prints the profile names of the config file, without a key or a request', async () => {
    const home = tempConfigHome();
    const files = { XDG_CONFIG_HOME: home, REF_API_KEY: '', REF_BASE_URL: 'http://127.0.0.1:9/v1' };
    // No config file yet: nothing, and no error.
    expect(await refctlInProcess(['__complete', 'profiles'], { env: files })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    for (const name of ['staging', 'prod']) {
      const made = await refctlInProcess(
        ['--base-url', 'https://api.example/v1', 'config', 'set-profile', name],
        { env: files },
      );
      expect(made.code, made.stderr).toBe(0);
    }
    const calls = await apiCalls();
    expect(await refctlInProcess(['__complete', 'profiles'], { env: files })).toEqual({
      code: 0,
      stdout: 'prod\nstaging\n',
      stderr: '',
    });
    expect(await apiCalls()).toBe(calls);
    // A config file that is not one: nothing, as any failure of completion.
    writeFileSync(join(home, 'refctl', 'config.json'), '{');
    expect(await refctlInProcess(['__complete', 'profiles'], { env: files })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });

  it('prints nothing, and succeeds, without a key or with a kind it does not know', async () => {
    for (const [args, extra] of [
      [['services'], { REF_API_KEY: '' }],
      [['bogus'], {}],
      [['rules', 'not-a-ref'], {}],
    ] as const) {
      const result = await refctlInProcess(['__complete', ...args], { env: env(extra) });
      expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 0, stdout: '' });
    }
  });

  it('gives a server that does not answer one second, then prints nothing', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const started = Date.now();
    const result = await refctlInProcess(['__complete', 'services'], {
      env: env({ REF_BASE_URL: `http://127.0.0.1:${port}/v1`, REF_API_KEY: 'refak_other_key1' }),
    });
    const took = Date.now() - started;
    silent.closeAllConnections();
    silent.close();
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 0, stdout: '' });
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(3000);
  });
});

describe('refctl --version and --help', () => {
  it('prints the package version', async () => {
    const { version } = (await import('../package.json', { with: { type: 'json' } })).default;
    expect(await refctl(['--version'])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('prints help with examples for a nested command', async () => {
    const { code, stdout } = await refctlInProcess(['shield', 'rules', 'add', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: refctl shield rules add [options] <ref>');
    expect(stdout).toContain('Examples:\n  $ refctl shield rules add REF-SVC-101');
  });

  it('without a command prints help on stderr and exits 2', async () => {
    const { code, stdout, stderr } = await refctlInProcess([]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toContain('Usage: refctl [options] [command]');
  });

  it('exists as a node script with a shebang', () => {
    expect(execFileSync('head', ['-1', REFCTL], { encoding: 'utf8' })).toBe(
      '#!/usr/bin/env node\n',
    );
  });
});
