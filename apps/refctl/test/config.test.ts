import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { refctl as refctlSpawned, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

let server: TestServer;
const DEAD_URL = 'http://127.0.0.1:9/v1';

beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

/** A config home with profiles `good` (current; the server, Ada's key) and `other` (dead URL, Bob's key). */
async function configured(): Promise<string> {
  const home = tempConfigHome();
  const env = { XDG_CONFIG_HOME: home };
  const good = await refctl(
    ['config', 'set-profile', 'good', '--base-url', server.baseUrl, '--api-key-stdin'],
    {
      env,
      input: `${KEYS.full}\n`,
    },
  );
  expect(good).toMatchObject({ code: 0, stdout: '' });
  const other = await refctl(
    ['config', 'set-profile', 'other', '--base-url', DEAD_URL, '--api-key-stdin'],
    {
      env,
      input: KEYS.noShield,
    },
  );
  expect(other.code).toBe(0);
  return home;
}

const accountOf = async (args: string[], env: Record<string, string>) => {
  const { code, stdout, stderr } = await refctl([...args, 'me', '-o', 'json'], { env });
  return code === 0
    ? (JSON.parse(stdout) as { account_ref: string }).account_ref
    : `exit ${code}: ${stderr.trim()}`;
};

describe('refctl config', () => {
  it('stores profiles in $XDG_CONFIG_HOME/refctl/config.json with mode 0600', async () => {
    const home = await configured();
    const file = join(home, 'refctl', 'config.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      current_profile: 'good',
      profiles: {
        good: { base_url: server.baseUrl, api_key: KEYS.full },
        other: { base_url: DEAD_URL, api_key: KEYS.noShield },
      },
    });
  });

  it('lists and shows profiles with the key masked', async () => {
    const home = await configured();
    const list = await refctl(['config', 'list'], { env: { XDG_CONFIG_HOME: home } });
    const width = Math.max(server.baseUrl.length, DEAD_URL.length);
    expect(list.stdout).toBe(
      [
        `NAME   CURRENT  ${'BASE_URL'.padEnd(width)}  API_KEY`,
        `good   true     ${server.baseUrl.padEnd(width)}  refak_****0001`,
        `other  false    ${DEAD_URL.padEnd(width)}  refak_****eld3`,
        '',
      ].join('\n'),
    );
    const show = await refctl(['config', 'show', '-o', 'json'], {
      env: { XDG_CONFIG_HOME: home, REF_PROFILE: 'other' },
    });
    expect(JSON.parse(show.stdout)).toEqual({
      config_file: join(home, 'refctl', 'config.json'),
      profile: 'other',
      profile_source: 'env',
      base_url: DEAD_URL,
      base_url_source: 'profile',
      api_key: 'refak_****eld3',
      api_key_source: 'profile',
    });
    expect(list.stdout + show.stdout).not.toContain(KEYS.full);
  });

  it('switches the current profile with use, and deletes', async () => {
    const home = await configured();
    const env = { XDG_CONFIG_HOME: home };
    expect((await refctl(['config', 'use', 'other'], { env })).code).toBe(0);
    expect(await accountOf([], env)).toMatch(
      /^exit 1: .*no response from http:\/\/127\.0\.0\.1:9\//,
    );
    expect((await refctl(['config', 'delete', 'other'], { env })).code).toBe(0);
    const missing = await refctl(['config', 'use', 'other'], { env });
    expect(missing).toMatchObject({
      code: 2,
      stderr: 'error: profile "other" does not exist; see: refctl config list\n',
    });
  });

  it('knows no profile by a name every object has: as for any name never saved', async () => {
    const home = await configured();
    const env = { XDG_CONFIG_HOME: home };
    const before = readFileSync(join(home, 'refctl', 'config.json'), 'utf8');
    for (const name of ['constructor', 'toString', '__proto__']) {
      for (const command of ['use', 'delete']) {
        expect(await refctl(['config', command, name], { env })).toMatchObject({
          code: 2,
          stdout: '',
          stderr: `error: profile "${name}" does not exist; see: refctl config list\n`,
        });
      }
      expect(await refctl(['--profile', name, 'me'], { env })).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `error: profile "${name}" (from --profile) does not exist; see: refctl config list\n`,
      });
    }
    expect(readFileSync(join(home, 'refctl', 'config.json'), 'utf8')).toBe(before);
  });

  it('keeps every profile when several refctl runs save one at once', async () => {
    // A provisioning script with `&`: each run reads, changes and writes the same file.
    const env = { XDG_CONFIG_HOME: tempConfigHome() };
    const names = Array.from({ length: 8 }, (_, i) => `p${i}`);
    const runs = await Promise.all(
      names.map((name) =>
        refctlSpawned(['config', 'set-profile', name, '--api-key-stdin'], {
          env,
          input: `${KEYS.full}\n`,
        }),
      ),
    );
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const listed = await refctl(['config', 'list', '-o', 'json'], { env });
    const saved = (JSON.parse(listed.stdout) as { name: string }[]).map((p) => p.name);
    expect(saved.sort()).toEqual(names);
  });

  it('rejects a key that does not look like one, without echoing it', async () => {
    const home = tempConfigHome();
    const result = await refctl(['config', 'set-profile', 'x', '--api-key-stdin'], {
      env: { XDG_CONFIG_HOME: home },
      input: 'hunter2 secret',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error: the API key read from stdin must be one word starting with refak_\n',
    );
  });
});

describe('precedence: flag > env > profile > default', () => {
  it('uses the current profile when nothing else is set', async () => {
    const home = await configured();
    expect(await accountOf([], { XDG_CONFIG_HOME: home })).toBe('REF-ACCT-A1');
  });

  it('REF_PROFILE picks a profile; --profile beats REF_PROFILE', async () => {
    const home = await configured();
    expect(await accountOf([], { XDG_CONFIG_HOME: home, REF_PROFILE: 'other' })).toMatch(
      /^exit 1: .*127\.0\.0\.1:9/,
    );
    expect(
      await accountOf(['--profile', 'good'], { XDG_CONFIG_HOME: home, REF_PROFILE: 'other' }),
    ).toBe('REF-ACCT-A1');
  });

  it('REF_BASE_URL and REF_API_KEY beat the profile', async () => {
    const home = await configured();
    // The env key is Bob's: the profile's (Ada's) key loses.
    expect(await accountOf([], { XDG_CONFIG_HOME: home, REF_API_KEY: KEYS.noShield })).toBe(
      'REF-ACCT-B1',
    );
    expect(await accountOf([], { XDG_CONFIG_HOME: home, REF_BASE_URL: DEAD_URL })).toMatch(
      /^exit 1: .*127\.0\.0\.1:9/,
    );
  });

  it('--base-url beats REF_BASE_URL', async () => {
    const home = await configured();
    const env = { XDG_CONFIG_HOME: home, REF_BASE_URL: DEAD_URL };
    expect(await accountOf(['--base-url', server.baseUrl], env)).toBe('REF-ACCT-A1');
  });

  it('defaults to the local reference server address without any configuration', async () => {
    const show = await refctl(['config', 'show', '-o', 'json'], {
      env: { XDG_CONFIG_HOME: tempConfigHome() },
    });
    expect(JSON.parse(show.stdout)).toMatchObject({
      base_url: 'http://127.0.0.1:4010/v1',
      base_url_source: 'default',
      api_key: null,
      api_key_source: 'none',
    });
  });

  it('an unknown --profile is a usage error', async () => {
    const home = await configured();
    const result = await refctl(['--profile', 'nope', 'me'], { env: { XDG_CONFIG_HOME: home } });
    expect(result).toMatchObject({
      code: 2,
      stderr: 'error: profile "nope" (from --profile) does not exist; see: refctl config list\n',
    });
  });
});

describe('a config file that is not one', () => {
  /** A config home whose config.json holds `text`; its path. */
  function broken(text: string): { home: string; file: string } {
    const home = tempConfigHome();
    mkdirSync(join(home, 'refctl'), { recursive: true });
    const file = join(home, 'refctl', 'config.json');
    writeFileSync(file, text);
    return { home, file };
  }

  it('is not needed when REF_API_KEY and REF_BASE_URL (or --base-url) are set: one note, the file kept', async () => {
    for (const [text, why] of [
      ['{', 'is not valid JSON'],
      ['{"profiles": 5}', 'is invalid at profiles'],
    ] as const) {
      const { home, file } = broken(text);
      const env = { XDG_CONFIG_HOME: home, REF_API_KEY: KEYS.full, REF_BASE_URL: server.baseUrl };
      const result = await refctl(['me', '--jq', '.account_ref'], { env });
      expect(result).toEqual({
        code: 0,
        stdout: 'REF-ACCT-A1\n',
        stderr: `note: config file ${file} ${why}; ignored: REF_API_KEY and REF_BASE_URL are set\n`,
      });
      const flag = await refctl(['--base-url', server.baseUrl, 'me', '--jq', '.account_ref'], {
        env: { XDG_CONFIG_HOME: home, REF_API_KEY: KEYS.full },
      });
      expect(flag).toEqual({
        code: 0,
        stdout: 'REF-ACCT-A1\n',
        stderr: `note: config file ${file} ${why}; ignored: REF_API_KEY and --base-url are set\n`,
      });
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
  });

  it('still fails what needs it: a named profile, a missing key or URL, the config commands', async () => {
    const { home, file } = broken('{');
    const full = { XDG_CONFIG_HOME: home, REF_API_KEY: KEYS.full, REF_BASE_URL: server.baseUrl };
    const failure = {
      code: 1,
      stdout: '',
      stderr: `error: config file ${file} is not valid JSON\n`,
    };
    for (const [args, env] of [
      [['--profile', 'good', 'me'], full],
      [['me'], { ...full, REF_PROFILE: 'good' }],
      [['me'], { XDG_CONFIG_HOME: home, REF_API_KEY: KEYS.full }],
      [['me'], { XDG_CONFIG_HOME: home, REF_BASE_URL: server.baseUrl }],
      [['config', 'set-profile', 'fresh'], full],
      [['config', 'use', 'good'], full],
      [['config', 'list'], full],
      [['config', 'show'], full],
    ] as const) {
      expect(await refctl(args, { env }), args.join(' ')).toEqual(failure);
    }
    expect(readFileSync(file, 'utf8')).toBe('{');
  });
});
