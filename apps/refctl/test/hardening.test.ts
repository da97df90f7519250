import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// Output tests: each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';

// What refctl does with a hostile or silent server: a small node:http server on
// 127.0.0.1:0 per test, answering what the test scripts.
const KEY = 'refak_e2e_full_0001';
const EVIL = '\u001b]0;pwned\u0007Ada\u001b[2K\r';
const account = {
  account_ref: 'REF-ACCT-A1',
  email: 'ada@example.test',
  first_name: EVIL,
  last_name: 'Lovelace',
  country_code: 'DE',
  account_currency: 'EUR',
  preferred_locale: 'en-GB',
  status: 'active',
};
// Any C0/C1 control but the line feed that ends each line.
const CONTROL = /(?!\n)\p{Cc}/u;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port, baseUrl: `http://127.0.0.1:${port}/v1`, requests };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const env = (baseUrl: string) => ({
  REF_BASE_URL: baseUrl,
  REF_API_KEY: KEY,
  XDG_CONFIG_HOME: tempConfigHome(),
});

describe('a key the server echoes in an error code', () => {
  it('is redacted in the words the code is printed as, in every format', async () => {
    const { baseUrl } = await serve((_req, res) =>
      json(res, 401, { error: `invalid_api_key_${KEY}` }),
    );
    for (const format of [[], ['-o', 'json']]) {
      const run = await refctl(['balance', ...format], { env: env(baseUrl) });
      expect(run.code).toBe(4);
      expect(run.stderr).toContain('[redacted]');
      for (const form of [KEY, KEY.replaceAll('_', ' ')]) expect(run.stderr).not.toContain(form);
    }
  });
});

describe('control sequences from the server', () => {
  it('are escaped in table output and kept exact in JSON', async () => {
    const server = await serve((_req, res) => json(res, 200, account));
    const table = await refctl(['me'], { env: env(server.baseUrl) });
    expect(table.code).toBe(0);
    expect(table.stdout).not.toMatch(CONTROL);
    expect(table.stdout).toContain('first_name        ^[]0;pwned^GAda^[[2K^M');
    const asJson = await refctl(['me', '-o', 'json'], { env: env(server.baseUrl) });
    expect(JSON.parse(asJson.stdout).first_name).toBe(EVIL);
  });

  it('C1 and bidi controls are escaped in every format, piped or not, as the same data', async () => {
    const hostile = {
      ...account,
      first_name: 'Ada\u009b2J\u009d0;x\u009c',
      last_name: 'txt\u202Eexe',
    };
    const server = await serve((_req, res) => json(res, 200, hostile));
    // Any control but line ends (CSV ends its records in CRLF), and any bidi control.
    const raw = /(?!\r?\n)[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
    for (const format of ['table', 'json', 'ndjson', 'yaml', 'csv']) {
      const run = await refctl(['me', '-o', format], { env: env(server.baseUrl) });
      expect(run.code, format).toBe(0);
      expect(run.stdout, format).not.toMatch(raw);
    }
    const asJson = await refctl(['me', '-o', 'json'], { env: env(server.baseUrl) });
    expect(asJson.stdout).toContain('"last_name": "txt\\u202eexe"');
    expect(JSON.parse(asJson.stdout)).toEqual(hostile);
    const csv = await refctl(['me', '-o', 'csv', '--columns', 'first_name,last_name'], {
      env: env(server.baseUrl),
    });
    expect(csv.stdout).toBe('first_name,last_name\r\nAda^[[2J^[]0;x^[\\,txt<U+202E>exe\r\n');
  });

  it('CSV shows formula-like text after spaces or in full-width forms as text', async () => {
    const formulas = { ...account, first_name: ' =1+1', last_name: '＝1+1', status: '＠SUM(A1)' };
    const server = await serve((_req, res) => json(res, 200, formulas));
    const csv = await refctl(['me', '-o', 'csv', '--columns', 'first_name,last_name,status'], {
      env: env(server.baseUrl),
    });
    expect(csv.stdout).toBe("first_name,last_name,status\r\n' =1+1,'＝1+1,'＠SUM(A1)\r\n");
  });

  it('are escaped in the error line', async () => {
    const server = await serve((_req, res) => json(res, 400, { error: `bad${EVIL}` }));
    const { code, stderr } = await refctl(['me'], { env: env(server.baseUrl) });
    expect(code).toBe(1);
    expect(stderr).not.toMatch(CONTROL);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('control sequences typed on the command line', () => {
  it('are escaped in the usage errors that quote them', async () => {
    for (const args of [
      ['me', `--fo${EVIL}`],
      [`m${EVIL}e`],
      ['me', `extra${EVIL}`],
      ['me', '-o', `json${EVIL}`],
      ['me', '--timeout', `1s${EVIL}\u202e`],
    ]) {
      const { code, stderr } = await refctl(args, { env: { XDG_CONFIG_HOME: tempConfigHome() } });
      expect(code, JSON.stringify(args)).toBe(2);
      expect(stderr, JSON.stringify(args)).not.toMatch(/(?!\n)[\p{Cc}\u202e]/u);
      expect(stderr, JSON.stringify(args)).toContain('^[]0;pwned^GAda^[[2K^M');
      expect(stderr.trimEnd().split('\n'), JSON.stringify(args)).toHaveLength(1);
    }
  });

  it('are escaped in the stack --debug prints after the error line', async () => {
    for (const args of [
      ['--debug', 'services', 'get', `REF-${EVIL}`],
      ['--debug', 'me'],
    ]) {
      const { code, stderr } = await refctl(args, {
        env: { XDG_CONFIG_HOME: tempConfigHome(), REF_PROFILE: `p${EVIL}` },
      });
      expect(code, JSON.stringify(args)).toBe(2);
      expect(stderr, JSON.stringify(args)).toMatch(/\n\s+at /);
      expect(stderr, JSON.stringify(args)).not.toMatch(CONTROL);
    }
  });
});

describe('--timeout', () => {
  it('gives up on a silent server after --timeout, saying what timed out', async () => {
    // Reads the request, never answers.
    const server = await serve(() => undefined);
    const { code, stderr } = await refctl(['--timeout', '300ms', 'me'], {
      env: env(server.baseUrl),
    });
    expect(code).toBe(1);
    expect(stderr).toBe(
      `error: GET ${server.baseUrl}/me timed out: no complete response within 300ms (--timeout); the server is slow or not answering\n`,
    );
    // One call, one limit: no further attempts once the time is up.
    expect(server.requests).toEqual(['GET /v1/me']);
  });

  it('also bounds a body that never ends', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"account_ref":');
    });
    const { code, stderr } = await refctl(['me', '--timeout', '300ms', '-o', 'json'], {
      env: env(server.baseUrl),
    });
    expect(code).toBe(1);
    expect(JSON.parse(stderr).error).toMatchObject({ code: 'timeout', retriable: true });
  });

  it("takes Go's durations (1m30s, 0m0.3s), as gh and hcloud do, and --help names the form", async () => {
    const server = await serve(() => undefined);
    const { code, stderr } = await refctl(['--timeout', '0m0.3s', 'me'], {
      env: env(server.baseUrl),
    });
    expect([code, stderr]).toEqual([
      1,
      `error: GET ${server.baseUrl}/me timed out: no complete response within 300ms (--timeout); the server is slow or not answering\n`,
    ]);
    const answered = await serve((_req, res) => json(res, 200, account));
    const long = await refctl(['me', '--timeout', '1m30s', '--jq', '.email'], {
      env: env(answered.baseUrl),
    });
    expect(long).toEqual({ code: 0, stdout: 'ada@example.test\n', stderr: '' });
    const help = await refctl(['--help'], { env: env(server.baseUrl) });
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      '--timeout <duration> give up on the API after this long (a duration: 500ms, 10s, 1m30s, 2h;',
    );
  });

  it('rejects a malformed duration as a usage error', async () => {
    const { code, stderr } = await refctl(['--timeout', 'soon', 'me'], {
      env: env('http://127.0.0.1:9/v1'),
    });
    expect(code).toBe(2);
    expect(stderr).toContain('--timeout');
  });
});

describe('base URL credentials', () => {
  const PASSWORD = 's3cretpw';

  it('are never printed: flag, environment, -o json', async () => {
    const server = await serve((_req, res) => json(res, 200, account));
    const withCredentials = `http://user:${PASSWORD}@127.0.0.1:${server.port}/v1`;
    const runs = [
      await refctl(['me', '--base-url', withCredentials], { env: env(server.baseUrl) }),
      await refctl(['me', '-o', 'json'], { env: env(withCredentials) }),
      await refctl(['config', 'show', '-o', 'json'], { env: env(withCredentials) }),
    ];
    for (const { code, stdout, stderr } of runs) {
      expect(code).toBe(2);
      expect(stdout + stderr).not.toContain(PASSWORD);
      expect(stdout + stderr).not.toContain('user:');
      expect(stderr).toContain(`http://***@127.0.0.1:${server.port}/v1`);
    }
    expect(server.requests).toEqual([]);
  });

  it('of a profile saved earlier are masked by config list', async () => {
    const home = tempConfigHome();
    mkdirSync(join(home, 'refctl'), { recursive: true, mode: 0o700 });
    const config = { profiles: { old: { base_url: `https://u:${PASSWORD}@api.example.test/v1` } } };
    writeFileSync(join(home, 'refctl', 'config.json'), JSON.stringify(config), { mode: 0o600 });
    for (const output of ['json', 'table']) {
      const { code, stdout } = await refctl(['config', 'list', '-o', output], {
        env: { XDG_CONFIG_HOME: home },
      });
      expect(code).toBe(0);
      expect(stdout).not.toContain(PASSWORD);
      expect(stdout).toContain('https://***@api.example.test/v1');
    }
  });
});
