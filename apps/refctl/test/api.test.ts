import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Output tests: each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { refctl as refctlProcess, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

// `refctl api` against the reference server, checked through its request journal:
// pagination, -f/-F/--input bodies, the automatic Idempotency-Key, --jq, --debug.

/** One journal entry, as much of it as these tests read. */
interface Entry {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly status: number;
  readonly idempotency_key: string | null;
  readonly request: { readonly headers: Record<string, string>; readonly body: string | null };
}

let server: TestServer;
const env = (key: string = KEYS.full) => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: key,
  XDG_CONFIG_HOME: tempConfigHome(),
});
/** Journal entries recorded after `since` (an entry count), oldest first. */
const journalSince = async (since: number): Promise<Entry[]> =>
  ((await server.admin('GET', 'requests?limit=1000')) as { requests: Entry[] }).requests
    .reverse()
    .slice(since);
const journalLength = async () => (await server.requests()).length;

beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

describe('refctl api: pagination', () => {
  it('--paginate --slurp --jq: every page of a 230-invoice list, one JSON array', async () => {
    const before = await journalLength();
    const { code, stdout, stderr } = await refctl(
      [
        'api',
        '/v1/invoices?limit=100',
        '--paginate',
        '--slurp',
        '--jq',
        '[map(.invoices | length), (map(.invoices[]) | length)]',
      ],
      { env: env(KEYS.many) },
    );
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual([[100, 100, 30], 230]);
    const pages = await journalSince(before);
    expect(pages.map((e) => [e.method, e.path, e.status])).toEqual([
      ['GET', '/v1/invoices', 200],
      ['GET', '/v1/invoices', 200],
      ['GET', '/v1/invoices', 200],
    ]);
    // The cursor of each page is the next_cursor of the one before.
    expect(pages[0]?.query).toBe('limit=100');
    expect(pages[1]?.query).toMatch(/^limit=100&cursor=REF-INV-[0-9A-F]+$/);
  });

  it('--paginate alone prints each page; --jq runs on each', async () => {
    const { code, stdout } = await refctl(
      ['api', 'invoices?limit=100', '--paginate', '--jq', '.pagination.has_more'],
      { env: env(KEYS.many) },
    );
    expect({ code, stdout }).toEqual({ code: 0, stdout: 'true\ntrue\nfalse\n' });
    const plain = await refctl(['api', '/invoices?limit=100', '--paginate'], {
      env: env(KEYS.many),
    });
    // Three JSON documents, one after the other.
    expect(plain.stdout.match(/^\{$/gm)).toHaveLength(3);
  });

  it('refuses --slurp without --paginate, and --paginate of a POST (exit 2, nothing sent)', async () => {
    const before = await journalLength();
    const slurp = await refctl(['api', '/invoices', '--slurp'], { env: env() });
    expect(slurp).toMatchObject({ code: 2, stderr: 'error: --slurp needs --paginate\n' });
    const post = await refctl(['api', '/orders', '-f', 'type=kvm', '--paginate'], { env: env() });
    expect(post).toMatchObject({
      code: 2,
      stderr: 'error: --paginate follows GET lists, not POST\n',
    });
    expect(await journalLength()).toBe(before);
  });
});

describe('refctl api: bodies and the idempotency key', () => {
  it('-f and -F fill a JSON body (POST by default) and the key is added for POST /orders', async () => {
    const before = await journalLength();
    const { code, stdout } = await refctl(
      [
        'api',
        '/orders',
        '-f',
        'type=kvm',
        '-f',
        'plan_code=kvm-s',
        '-f',
        'period_ref=REF-PERIOD-1',
        '-f',
        'addons[][addon_ref]=REF-ADDON-1',
        '-F',
        'addons[][units]=1',
        '-F',
        'windows=false',
        '--jq',
        '.idempotent_replayed',
      ],
      { env: env() },
    );
    expect({ code, stdout }).toEqual({ code: 0, stdout: 'false\n' });
    const [entry] = await journalSince(before);
    expect(entry).toMatchObject({ method: 'POST', path: '/v1/orders', status: 200 });
    expect(JSON.parse(entry?.request.body ?? '')).toEqual({
      type: 'kvm',
      plan_code: 'kvm-s',
      period_ref: 'REF-PERIOD-1',
      addons: [{ addon_ref: 'REF-ADDON-1', units: 1 }],
      windows: false,
    });
    expect(entry?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('--input FILE sends the file as it is; a power action gets a key too', async () => {
    const file = join(tempConfigHome(), 'body.json');
    writeFileSync(file, '{"action":"reboot"}');
    const before = await journalLength();
    const { code } = await refctl(['api', '/services/REF-SVC-A1/power', '--input', file], {
      env: env(),
    });
    expect(code).toBe(0);
    const [entry] = await journalSince(before);
    expect(entry).toMatchObject({ method: 'POST', path: '/v1/services/REF-SVC-A1/power' });
    expect(entry?.request.body).toBe('{"action":"reboot"}');
    expect(entry?.request.headers['content-type']).toBe('application/json');
    expect(entry?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('--input - reads stdin; an operation without a key requirement gets none', async () => {
    const before = await journalLength();
    const { code, stdout } = await refctl(
      [
        'api',
        '-X',
        'put',
        '/services/REF-SVC-A2/auto-renew',
        '--input',
        '-',
        '--jq',
        '.auto_renew',
      ],
      { env: env(), input: '{"enabled":false}' },
    );
    expect({ code, stdout }).toEqual({ code: 0, stdout: 'false\n' });
    const [entry] = await journalSince(before);
    expect(entry).toMatchObject({ method: 'PUT', idempotency_key: null });
    expect(entry?.request.body).toBe('{"enabled":false}');
  });

  it('-H sets headers (a given Idempotency-Key is kept); -F @file reads a file', async () => {
    const file = join(tempConfigHome(), 'action.txt');
    writeFileSync(file, 'start');
    const before = await journalLength();
    const { code, stdout } = await refctl(
      [
        'api',
        '/services/REF-SVC-A1/power',
        '-F',
        `action=@${file}`,
        '-H',
        'Idempotency-Key: mine-1',
        '-H',
        'X-Trace: t1',
        '-i',
      ],
      { env: env() },
    );
    expect(code).toBe(0);
    const [entry] = await journalSince(before);
    expect(entry?.idempotency_key).toBe('mine-1');
    expect(entry?.request.headers['x-trace']).toBe('t1');
    expect(JSON.parse(entry?.request.body ?? '')).toEqual({ action: 'start' });
    // -i: the status line and the response headers, a blank line, then the body.
    expect(stdout).toMatch(/^HTTP\/1\.1 200 OK\n(?:[a-z-]+: .*\n)+\n\{\n/);
    expect(stdout).toMatch(/^request-id: req_/m);
    expect(stdout).toMatch(/^idempotent-replayed: |"accepted": true/m);
  });

  it('GET fields are query parameters', async () => {
    const before = await journalLength();
    const { code, stdout } = await refctl(
      [
        'api',
        '-X',
        'GET',
        '/services',
        '-f',
        'type=kvm',
        '-F',
        'limit=1',
        '--jq',
        '.services | length',
      ],
      { env: env() },
    );
    expect({ code, stdout }).toEqual({ code: 0, stdout: '1\n' });
    const [entry] = await journalSince(before);
    expect(entry?.query).toBe('type=kvm&limit=1');
    expect(entry?.request.body).toBeNull();
  });
});

describe('refctl api: errors as every command reports them', () => {
  it.each([
    [['api', '/services/REF-SVC-FFF'], 3, 'error: service REF-SVC-FFF not found (404 not_found)\n'],
    [
      ['api', '/orders', '-f', 'type=kvm', '-f', 'plan_code=nope'],
      1,
      'error: plan not available (422 plan_not_available)\n',
    ],
    [['api', '-X', 'DELETE', '/me'], 1, 'error: method not allowed (405 method_not_allowed)\n'],
    [
      ['api', 'https://example.test/v1/me'],
      2,
      expect.stringMatching(/^error: give a path such as \/me/),
    ],
    [['api', '/me', '-H', 'no colon'], 2, 'error: invalid -H "no colon": expected Name: value\n'],
    [
      ['api', '-X', 'GET', '/me', '--input', '-'],
      2,
      'error: --input sends a body, which GET cannot carry: add -X POST or -X PUT\n',
    ],
    [
      ['api', '/me', '--input', '/nonexistent/body.json'],
      2,
      'error: cannot read /nonexistent/body.json: ENOENT\n',
    ],
  ])('%j exits %i', async (args, exit, stderr) => {
    const result = await refctl(args, { env: env() });
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code: exit,
      stdout: '',
      stderr,
    });
  });

  it('401: exit 4 with the hint, the key never printed', async () => {
    const badKey = 'refak_not_a_real_key_9';
    const result = await refctl(['api', '/me'], { env: env(badKey) });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      'error: invalid api key; check REF_API_KEY or: refctl config show (401 invalid_api_key)\n',
    );
  });
});

describe('--jq on every command', () => {
  it('filters another command’s JSON (strings raw), implying -o json', async () => {
    expect(await refctl(['me', '--jq', '.email'], { env: env() })).toMatchObject({
      code: 0,
      stdout: 'ada@example.test\n',
    });
    const count = await refctl(['invoices', 'list', '--paginate', '--jq', 'length'], {
      env: env(KEYS.many),
    });
    expect(count).toMatchObject({ code: 0, stdout: '230\n' });
    const ndjson = await refctl(
      ['services', 'list', '-o', 'ndjson', '--jq', 'select(.type == "storage_box") | .service_ref'],
      { env: env() },
    );
    expect(ndjson).toMatchObject({ code: 0, stdout: 'REF-SVC-A2\n' });
    const object = await refctl(['services', 'get', 'REF-SVC-A1', '--jq', '{name: .name}'], {
      env: env(),
    });
    expect(object.stdout).toBe('{\n  "name": "vm-1"\n}\n');
  });

  it('stops a filter that never ends at --timeout, with one line (exit 1)', async () => {
    // Each run spins a core for twice its --timeout (the compile check on null, then the
    // filter): one in seconds, the others shorter.
    for (const [filter, timeout, shown] of [
      ['def f: f; f', '1500ms', '1.5s'],
      ['repeat(.)', '500ms', '500ms'],
      ['last(range(1e12))', '500ms', '500ms'],
    ] as const) {
      const result = await refctl(['me', '--timeout', timeout, '--jq', filter], { env: env() });
      expect([filter, result.code, result.stderr]).toEqual([
        filter,
        1,
        `error: --jq: the filter did not finish within ${shown} (--timeout)\n`,
      ]);
    }
  }, 30_000);

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'stops a filter that never ends on %s (exit %i: 128 + the signal number)',
    async (signal, exitCode) => {
      const started = performance.now();
      // Signals need a process of its own. The signal comes once --debug has shown the
      // response, which the filter then runs on (the compile check on null came before).
      const args = ['me', '--debug', '--timeout', '60s', '--jq', 'def f: f; f'];
      const result = await refctlProcess(args, {
        env: env(),
        interruptWhen: /^debug: < \{.*\n/m,
        interruptWith: signal,
      });
      expect(result.code).toBe(exitCode);
      // Well before --timeout (60 s) and the test's own 30 s guard.
      expect(performance.now() - started).toBeLessThan(20_000);
    },
  );

  it('refuses a filter that does not compile, and -o yaml, before any request (exit 2)', async () => {
    const before = await journalLength();
    const bad = await refctl(['me', '--jq', '.email | foo('], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: invalid --jq expression: syntax error/);
    // A filter starting with - is the filter, never one of jq's options (-h printed jq's
    // help as the output, --arg failed with jq's usage, -r took the input for the filter).
    for (const [filter, name] of [
      ['-h', 'h'],
      ['--arg', 'arg'],
      ['-r', 'r'],
    ] as const) {
      expect(await refctl(['me', '--jq', filter], { env: env() })).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: invalid --jq expression: ${name}/0 is not defined at <top-level>, line 1\n`,
      });
    }
    const yaml = await refctl(['me', '-o', 'yaml', '--jq', '.email'], { env: env() });
    expect(yaml).toMatchObject({
      code: 2,
      stderr: 'error: --jq filters JSON output: drop -o yaml\n',
    });
    expect(await journalLength()).toBe(before);
  });
});

describe('--debug', () => {
  it('shows request and response headers and bodies, credentials redacted', async () => {
    const { code, stderr } = await refctl(
      ['--debug', 'api', '-X', 'PUT', '/services/REF-SVC-A2/auto-renew', '-F', 'enabled=true'],
      { env: env() },
    );
    expect(code).toBe(0);
    const lines = stderr.split('\n');
    expect(lines).toContain(`debug: > PUT ${server.baseUrl}/services/REF-SVC-A2/auto-renew`);
    expect(lines).toContain('debug: > authorization: [redacted]');
    expect(lines).toContain('debug: > {"enabled":true}');
    expect(lines.find((l) => l.startsWith('debug: < 200 OK'))).toBeDefined();
    expect(lines).toContain('debug: < content-type: application/json');
    expect(lines.find((l) => l.startsWith('debug: < {"service_ref":"REF-SVC-A2"'))).toBeDefined();
    expect(stderr).not.toContain(KEYS.full);
  });

  it('does the same for the typed commands (through the SDK)', async () => {
    const { code, stdout, stderr } = await refctl(['--debug', 'services', 'get', 'REF-SVC-A1'], {
      env: env(),
    });
    expect(code).toBe(0);
    expect(stdout).toContain('REF-SVC-A1');
    expect(stderr).toContain(`debug: > GET ${server.baseUrl}/services/REF-SVC-A1\n`);
    expect(stderr).toContain('debug: > authorization: [redacted]\n');
    expect(stderr).toMatch(/^debug: < \{"service":\{"service_ref":"REF-SVC-A1"/m);
    expect(stderr).not.toContain(KEYS.full);
  });
});
