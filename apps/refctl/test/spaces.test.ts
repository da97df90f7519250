import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Output tests: each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { ADMIN_TOKEN, startServer, type TestServer } from './helpers/test-server';

// `refctl server spaces …` against a real server, and every other command in a space through
// `--base-url` alone.

interface Space {
  readonly space_id: string;
  readonly name: string | null;
  readonly base_url: string;
  readonly admin_url: string;
  readonly created_at: string;
  readonly last_used_at: string;
  readonly expires_at: string;
  readonly requests: number;
}

let server: TestServer;
const env = (extra: Record<string, string> = {}) => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: KEYS.full,
  REF_ADMIN_TOKEN: ADMIN_TOKEN,
  XDG_CONFIG_HOME: tempConfigHome(),
  ...extra,
});

/** Creates a space through refctl; resolves to the server's answer. */
async function createSpace(...flags: string[]): Promise<Space> {
  const { code, stdout, stderr } = await refctl(
    ['server', 'spaces', 'create', ...flags, '-o', 'json'],
    { env: env() },
  );
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(stdout) as Space;
}

/** The services of the first account of a state (the root's, or a space's by admin URL). */
async function servicesAt(adminUrl: string): Promise<string[]> {
  const response = await fetch(`${adminUrl}/state`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  const state = (await response.json()) as { accounts: { services: { service_ref: string }[] }[] };
  return state.accounts[0]!.services.map((s) => s.service_ref);
}

const origin = () => new URL(server.baseUrl).origin;

beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

describe('refctl server spaces create', () => {
  it('-o json prints the server answer, with the name and TTL asked for', async () => {
    const space = await createSpace('--name', 'ci-job-1', '--ttl', '600');
    expect(space).toEqual({
      space_id: expect.stringMatching(/^sp_[\w-]{16,}$/),
      name: 'ci-job-1',
      base_url: `${origin()}/spaces/${space.space_id}/v1`,
      admin_url: `${origin()}/spaces/${space.space_id}/__admin`,
      created_at: expect.any(String),
      last_used_at: expect.any(String),
      expires_at: expect.any(String),
      requests: 0,
    });
    expect(Date.parse(space.expires_at) - Date.parse(space.last_used_at)).toBe(600_000);
  });

  it('as a table, prints the space and, on stderr, its base URL and how to use it', async () => {
    const { code, stdout, stderr } = await refctl(['server', 'spaces', 'create'], { env: env() });
    expect(code).toBe(0);
    const id = /^space_id +(sp_\S+)$/m.exec(stdout)?.[1];
    const baseUrl = `${origin()}/spaces/${id}/v1`;
    expect(stdout).toMatch(new RegExp(`^base_url +${baseUrl}$`, 'm'));
    expect(stderr.split('\n')).toEqual([
      `space ${id} is ready, with the API keys of the state it copies; its base URL:`,
      '',
      `  ${baseUrl}`,
      '',
      expect.stringMatching(
        new RegExp(`^ {2}refctl --base-url ${baseUrl} me +# one command in the space$`),
      ),
      expect.stringMatching(
        new RegExp(`^ {2}export REF_BASE_URL=${baseUrl} +# every command of this shell$`),
      ),
      expect.stringMatching(
        new RegExp(
          `^ {2}refctl server spaces delete ${id} +# when done \\(else 3600 s after its last use\\)$`,
        ),
      ),
      '',
    ]);
  });

  it('--from names a snapshot that does not exist: exit 3, saying what --from takes', async () => {
    const { code, stdout, stderr } = await refctl(
      ['server', 'spaces', 'create', '--from', 'nightly'],
      { env: env() },
    );
    expect({ code, stdout, stderr }).toEqual({
      code: 3,
      stdout: '',
      stderr:
        'error: snapshot "nightly" not found: --from takes scenario, current or the name of one of the server\'s snapshots\n',
    });
  });

  it('--ttl takes whole seconds', async () => {
    const { code, stderr } = await refctl(['server', 'spaces', 'create', '--ttl', '1.5'], {
      env: env(),
    });
    expect(code).toBe(2);
    expect(stderr).toMatch(/--ttl/);
  });
});

describe('a space through --base-url', () => {
  it('buys in the space only; the root keeps its services', async () => {
    const space = await createSpace('--name', 'buyer');
    const rootBefore = await servicesAt(`${origin()}/__admin`);
    const bought = await refctl(
      [
        '--base-url',
        space.base_url,
        'orders',
        'create',
        '--type',
        'kvm',
        '--plan',
        'kvm-s',
        '--period',
        'REF-PERIOD-1',
        '--os',
        'REF-OS-1',
        '--yes',
        '-o',
        'json',
      ],
      { env: env() },
    );
    expect(bought.code, bought.stderr).toBe(0);
    const { service_ref: serviceRef } = JSON.parse(bought.stdout) as { service_ref: string };
    expect(await servicesAt(space.admin_url)).toContain(serviceRef);
    expect(await servicesAt(`${origin()}/__admin`)).toEqual(rootBefore);
    expect(rootBefore).not.toContain(serviceRef);

    // The same through the space's base URL in the environment, and `refctl api` with /v1.
    const listed = await refctl(['services', 'list', '--jq', '.[].service_ref'], {
      env: env({ REF_BASE_URL: space.base_url }),
    });
    expect(listed.stdout.split('\n')).toContain(serviceRef);
    const api = await refctl(['--base-url', space.base_url, 'api', `/v1/services/${serviceRef}`], {
      env: env(),
    });
    expect(api.code, api.stderr).toBe(0);
    expect(JSON.parse(api.stdout)).toMatchObject({ service: { service_ref: serviceRef } });
  });

  it('an error there carries no base URL hint: the URL ends in /v1', async () => {
    const space = await createSpace();
    const { code, stderr } = await refctl(
      ['--base-url', space.base_url, 'services', 'get', 'REF-SVC-999'],
      { env: env() },
    );
    expect({ code, stderr }).toEqual({
      code: 3,
      stderr: 'error: service REF-SVC-999 not found (404 not_found)\n',
    });
  });

  it('lists and creates spaces from a space base URL too (the admin API is at its origin)', async () => {
    const space = await createSpace();
    const { code, stdout } = await refctl(['server', 'spaces', 'list', '-o', 'json'], {
      env: env({ REF_BASE_URL: space.base_url }),
    });
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as Space[]).map((s) => s.space_id)).toContain(space.space_id);
  });
});

describe('refctl server spaces list', () => {
  it('prints the server listing as JSON, and a table with each base URL', async () => {
    const space = await createSpace('--name', 'listed');
    const json = await refctl(['server', 'spaces', 'list', '-o', 'json'], { env: env() });
    expect(json.code).toBe(0);
    const listed = JSON.parse(json.stdout) as Space[];
    expect(listed).toEqual(
      ((await server.admin('GET', 'spaces')) as { spaces: Space[] }).spaces.map((s) =>
        s.space_id === space.space_id ? { ...s, last_used_at: expect.any(String) } : s,
      ),
    );
    expect(listed.find((s) => s.space_id === space.space_id)).toMatchObject({ name: 'listed' });

    const table = await refctl(['server', 'spaces', 'list'], { env: env() });
    expect(table.code).toBe(0);
    const lines = table.stdout.split('\n');
    expect(lines[0]).toMatch(/^SPACE_ID +NAME +REQUESTS +LAST_USED_AT +EXPIRES_AT +BASE_URL$/);
    expect(lines.find((l) => l.startsWith(space.space_id))).toMatch(
      new RegExp(`^${space.space_id} +listed +0 +\\S+ +\\S+ +${space.base_url}$`),
    );
  });

  it('says how to create one when there are none', async () => {
    const empty = await startServer(scenario);
    try {
      const result = await refctl(['server', 'spaces', 'list'], {
        env: env({ REF_BASE_URL: empty.baseUrl }),
      });
      expect(result).toEqual({
        code: 0,
        stdout: 'SPACE_ID  NAME  REQUESTS  LAST_USED_AT  EXPIRES_AT  BASE_URL\n',
        stderr: 'no spaces; create one: refctl server spaces create\n',
      });
    } finally {
      await empty.close();
    }
  });
});

describe('refctl server spaces delete', () => {
  it('deletes a space; its URLs then answer 404 space_not_found, named as such', async () => {
    const space = await createSpace();
    expect(await refctl(['server', 'spaces', 'delete', space.space_id], { env: env() })).toEqual({
      code: 0,
      stdout: '',
      stderr: `space ${space.space_id} deleted\n`,
    });
    const gone = `error: space ${space.space_id} not found (404 space_not_found) (deleted, or unused past its TTL; see: refctl server spaces list)\n`;
    expect(await refctl(['server', 'spaces', 'delete', space.space_id], { env: env() })).toEqual({
      code: 3,
      stdout: '',
      stderr: gone,
    });
    expect(await refctl(['--base-url', space.base_url, 'me'], { env: env() })).toEqual({
      code: 3,
      stdout: '',
      stderr: gone,
    });
  });

  it('-o json reports the 404 as one JSON object', async () => {
    const { code, stderr } = await refctl(['server', 'spaces', 'delete', 'sp_nope', '-o', 'json'], {
      env: env(),
    });
    expect(code).toBe(3);
    expect(JSON.parse(stderr)).toEqual({
      error: {
        message: 'space sp_nope not found',
        code: 'space_not_found',
        status: 404,
        exit_code: 3,
        retriable: false,
        hint: 'deleted, or unused past its TTL; see: refctl server spaces list',
      },
    });
  });

  it('refuses what cannot be a space id before asking the server', async () => {
    const { code, stderr } = await refctl(['server', 'spaces', 'delete', 'sp/../x'], {
      env: env(),
    });
    expect({ code, stderr }).toEqual({
      code: 2,
      stderr:
        'error: invalid space id "sp/../x": expected an id like sp_… (see: refctl server spaces list)\n',
    });
  });
});

describe('the admin token and the space limit', () => {
  it('without REF_ADMIN_TOKEN: exit 4, saying where the token comes from', async () => {
    const { code, stderr } = await refctl(['server', 'spaces', 'list'], {
      env: env({ REF_ADMIN_TOKEN: '' }),
    });
    expect({ code, stderr }).toEqual({
      code: 4,
      stderr:
        'error: no admin token: set REF_ADMIN_TOKEN to the reference server\'s admin token (its --admin-token, or the "admin token:" line it prints at start)\n',
    });
  });

  it('a wrong token: exit 4, naming REF_ADMIN_TOKEN, never printing the token', async () => {
    const { code, stderr } = await refctl(['server', 'spaces', 'list', '--debug'], {
      env: env({ REF_ADMIN_TOKEN: 'refadm_wrong_secret' }),
    });
    expect(code).toBe(4);
    expect(stderr).toMatch(
      /\nerror: invalid admin token; check REF_ADMIN_TOKEN \(401 invalid_admin_token\)\n/,
    );
    expect(stderr).not.toContain('refadm_wrong_secret');
  });

  it('a token no header can carry: exit 4, one line naming REF_ADMIN_TOKEN, never the token', async () => {
    for (const token of ['refadm_tök€n_secret', 'refadm_two words', 'refadm_secret\n']) {
      const { code, stdout, stderr } = await refctl(['server', 'spaces', 'list'], {
        env: env({ REF_ADMIN_TOKEN: token }),
      });
      expect({ code, stdout, stderr }).toEqual({
        code: 4,
        stdout: '',
        stderr:
          'error: REF_ADMIN_TOKEN contains spaces or non-printable characters (a trailing newline?); an admin token is printable ASCII\n',
      });
    }
  });

  it('past --max-spaces: exit 6, saying what to do', async () => {
    const small = await startServer(scenario, { spaces: { max: 1 } });
    try {
      const run = () =>
        refctl(['server', 'spaces', 'create'], { env: env({ REF_BASE_URL: small.baseUrl }) });
      expect((await run()).code).toBe(0);
      const { code, stderr } = await run();
      expect({ code, stderr }).toEqual({
        code: 6,
        stderr:
          'error: space limit reached (409 space_limit_reached) (the server holds its --max-spaces; delete one: refctl server spaces delete SPACE_ID)\n',
      });
    } finally {
      await small.close();
    }
  });
});
