import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Each command runs in this process (the spawned bin is covered elsewhere).
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { refctl as refctlProcess, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

// Each error class: its exit code and its one readable stderr line.
let server: TestServer;
const env = (key: string = KEYS.full, extra: Record<string, string> = {}) => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: key,
  XDG_CONFIG_HOME: tempConfigHome(),
  ...extra,
});

beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

/**
 * Runs each `[args, flag]` in process: exit 2, nothing on stdout, and one line on stderr
 * naming the flag, the value given (the blank argument, else the last) and `reason`.
 */
async function expectFlagsRefused(cases: readonly [string[], string][], reason: string) {
  for (const [args, flag] of cases) {
    const given = args.find((arg) => arg.trim() === '') ?? args.at(-1);
    const result = await refctl(args, { env: env() });
    expect({ args, ...result }).toEqual({
      args,
      code: 2,
      stdout: '',
      stderr: `error: option ${flag} argument '${given}' is invalid. ${reason}\n`,
    });
  }
}

describe('API errors', () => {
  it('401: exit 4 and a hint, never the key', async () => {
    const badKey = 'refak_not_a_real_key_9';
    const { code, stdout, stderr } = await refctl(['me', '--debug'], { env: env(badKey) });
    expect(code).toBe(4);
    expect(stdout).toBe('');
    expect(stderr.split('\n').find((line) => line.startsWith('error:'))).toBe(
      'error: invalid api key; check REF_API_KEY or: refctl config show (401 invalid_api_key)',
    );
    // --debug shows the exchange with Authorization redacted.
    expect(stderr).toContain('GET');
    expect(stderr).toContain('[redacted]');
    expect(stderr).not.toContain(badKey);
  });

  it('403: exit 4', async () => {
    const { code, stderr } = await refctl(['balance'], { env: env(KEYS.readOnly) });
    expect({ code, stderr }).toEqual({
      code: 4,
      stderr: 'error: insufficient scope (403 insufficient_scope)\n',
    });
  });

  it('404: exit 3, naming what was not found', async () => {
    const { code, stderr } = await refctl(['services', 'get', 'REF-SVC-FFF'], { env: env() });
    expect({ code, stderr }).toEqual({
      code: 3,
      stderr: 'error: service REF-SVC-FFF not found (404 not_found)\n',
    });
  });

  it('a base URL without /v1: the 404 hints at it (exit 3)', async () => {
    const { code, stderr } = await refctl(['me'], {
      env: env(KEYS.full, { REF_BASE_URL: server.baseUrl.replace(/\/v1$/, '') }),
    });
    expect({ code, stderr }).toEqual({
      code: 3,
      stderr: 'error: not found (404 not_found) (is the base URL right? it usually ends in /v1)\n',
    });
  });

  it('409: exit 6 with the lifecycle status', async () => {
    const { code, stderr } = await refctl(['services', 'power', 'REF-SVC-A2', 'start'], {
      env: env(),
    });
    expect({ code, stderr }).toEqual({
      code: 6,
      stderr: 'error: power not supported (409 power_not_supported, status storage_box)\n',
    });
  });

  it('422: exit 1 (balance too low for three servers)', async () => {
    const { code, stderr } = await refctl(
      [
        'orders',
        'create',
        '--type',
        'kvm',
        '--plan',
        'kvm-s',
        '--addon',
        'REF-ADDON-1=20',
        '--yes',
      ],
      { env: env(KEYS.noShield) },
    );
    expect(code).toBe(1);
    expect(stderr.split('\n').at(-2)).toBe(
      'error: insufficient balance (422 insufficient_balance)',
    );
  });

  it('-o json: the error as one JSON object on stderr, stdout empty', async () => {
    const { code, stdout, stderr } = await refctl(
      ['services', 'get', 'REF-SVC-FFF', '-o', 'json'],
      { env: env() },
    );
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(JSON.parse(stderr)).toEqual({
      error: {
        message: 'service REF-SVC-FFF not found',
        code: 'not_found',
        status: 404,
        exit_code: 3,
        retriable: false,
      },
    });
  });

  it('-o json: a usage error of the command line is one JSON object on stderr too', async () => {
    const message =
      "option '-L, --limit <n>' argument '0' is invalid. expected a whole number of at least 1.";
    const usage = (text: string) => ({
      error: { message: text, code: 'usage_error', exit_code: 2, retriable: false },
    });
    const cases: [string[], string][] = [
      [['invoices', 'list', '-o', 'json', '--limit', '0'], message],
      [['invoices', 'list', '--limit', '0', '-o', 'json'], message],
      [['-o', 'ndjson', 'invoices', 'list', '--limit', '0'], message],
      [['--output=json', 'invoices', 'list', '--limit', '0'], message],
      [['invoices', 'list', '-ojson', '--bogus'], "unknown option '--bogus'"],
      [
        ['-o', 'json', 'me', 'extra'],
        "too many arguments for 'me': it takes none, got 1 (extra: 'extra')",
      ],
      [['-o', 'json', 'invocies', 'list'], "unknown command 'invocies' (did you mean invoices?)"],
    ];
    for (const [args, text] of cases) {
      const { code, stdout, stderr } = await refctl(args, { env: env() });
      expect({ args, code, stdout, stderr: JSON.parse(stderr) }).toEqual({
        args,
        code: 2,
        stdout: '',
        stderr: usage(text),
      });
      expect(stderr.split('\n')).toHaveLength(2);
    }
    // The last -o wins, as it does for the output; without -o json the line stays text.
    const table = await refctl(['-o', 'json', 'invoices', 'list', '-o', 'table', '-L', '0'], {
      env: env(),
    });
    expect(table.stderr).toBe(`error: ${message}\n`);
  });

  it('503 while Shield is paused: exit 1 with Retry-After', async () => {
    await server.admin('POST', 'shield', { paused: true, retry_after: 120 });
    try {
      const { code, stderr } = await refctl(['shield', 'overview', 'REF-SVC-A1'], { env: env() });
      expect(code).toBe(1);
      expect(stderr).toMatch(/^error: .* \(503 [a-z_]+\)\n$/);
      expect(stderr).toContain('retry after 120 s');
    } finally {
      await server.admin('POST', 'shield', { paused: false });
    }
  });

  it('502 from the provider: exit 1, with the idempotency key for a safe retry', async () => {
    await server.admin('POST', 'faults', { power: 'fail' });
    try {
      const { code, stderr } = await refctl(['services', 'power', 'REF-SVC-A1', 'start'], {
        env: env(),
      });
      expect(code).toBe(1);
      expect(stderr).toMatch(
        /^error: .* \(502 [a-z_]+\); retry safely with --idempotency-key [0-9a-f-]{36}\n$/,
      );
    } finally {
      await server.admin('POST', 'faults', { power: 'ok' });
    }
  });

  it('429: exit 5 once the read budget is spent (the frozen clock never refills it)', async () => {
    const headers = { authorization: `Bearer ${KEYS.rate}` };
    for (let i = 0; i < 600; i++)
      await fetch(`${server.baseUrl}/me`, { headers }).then((r) => r.arrayBuffer());
    const { code, stderr } = await refctl(['me'], { env: env(KEYS.rate) });
    expect(code).toBe(5);
    expect(stderr).toMatch(/^error: .* \(429 [a-z_]+\)\n$/);
    expect(stderr).toMatch(/retry after \d+ s/);
  });
});

describe('client-side errors', () => {
  it('no response: exit 1 naming the URL', async () => {
    const { code, stderr } = await refctl(['me'], {
      env: env(KEYS.full, { REF_BASE_URL: 'http://127.0.0.1:9/v1' }),
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: no response from http:\/\/127\.0\.0\.1:9\/v1\/me \(.+\)\n$/);
  });

  it('no API key: exit 4 with what to do', async () => {
    const { code, stderr } = await refctl(['me'], {
      env: { REF_BASE_URL: server.baseUrl, XDG_CONFIG_HOME: tempConfigHome() },
    });
    expect({ code, stderr }).toEqual({
      code: 4,
      stderr:
        'error: no API key: set REF_API_KEY or run: refctl config set-profile NAME --api-key-stdin\n',
    });
  });

  it('an API key with a space or line break: exit 4 naming REF_API_KEY, never the key', async () => {
    for (const key of [`${KEYS.full}\n`, 'refak_s3cret xyz']) {
      const { code, stdout, stderr } = await refctl(['me'], { env: env(key) });
      expect({ code, stdout, stderr }).toEqual({
        code: 4,
        stdout: '',
        stderr:
          'error: REF_API_KEY contains spaces or non-printable characters (a trailing newline?); an API key is printable ASCII (refak_…)\n',
      });
    }
  });

  it('the API key or admin token typed as an argument is never echoed in a usage error', async () => {
    const token = 'refadm_e2e_typed_secret';
    const cases: [string[], string][] = [
      [['services', 'get', KEYS.full], 'error: invalid service reference "[redacted]": expected'],
      [['invoices', 'list', '--json', KEYS.full], 'error: unknown JSON field "[redacted]"'],
      [
        ['me', KEYS.full],
        "error: too many arguments for 'me': it takes none, got 1 (extra: '[redacted]')",
      ],
      [[KEYS.full], "error: unknown command '[redacted]'"],
      [
        ['shield', 'rules', 'add', 'REF-SVC-A1', '--mode', token],
        "error: option '--mode <mode>' argument '[redacted]' is invalid.",
      ],
      [
        ['-o', 'json', 'services', 'get', token],
        '{"error":{"message":"invalid service reference \\"[redacted]\\"',
      ],
    ];
    for (const [args, start] of cases) {
      const { code, stdout, stderr } = await refctl(args, {
        env: env(KEYS.full, { REF_ADMIN_TOKEN: token }),
      });
      expect({ args, code, stdout, start: stderr.slice(0, start.length) }).toEqual({
        args,
        code: 2,
        stdout: '',
        start,
      });
      expect(stderr).not.toContain(KEYS.full);
      expect(stderr).not.toContain(token);
    }
  });

  it('usage errors exit 2 before anything is sent', async () => {
    const cases: [string[], string][] = [
      [['me', '--bogus'], "error: unknown option '--bogus'\n"],
      // Commander's suggestion stays on the error's line: `2>&1 | tail -1` keeps the error.
      [
        ['invoices', 'list', '--limt', '5'],
        "error: unknown option '--limt' (did you mean --limit?)\n",
      ],
      [['servics', 'list'], "error: unknown command 'servics' (did you mean services?)\n"],
      [
        ['services', 'get', 'vm-1'],
        'error: invalid service reference "vm-1": expected a service reference like REF-SVC-101\n',
      ],
      [
        ['invoices', 'list', '--paginate', '--limit', '5'],
        'error: --paginate and --limit exclude each other\n',
      ],
      [
        ['invoices', 'list', '--cursor', 'REF-ORD-1'],
        'error: invalid --cursor: expected an invoice reference like REF-INV-28\n',
      ],
      [
        ['invoices', 'list', '--columns', 'nope'],
        expect.stringMatching(
          /^error: unknown column "nope"; available: invoice_ref, /,
        ) as unknown as string,
      ],
      [
        ['-o', 'xml', 'me'],
        expect.stringMatching(
          /^error: option '-o, --output <format>' argument 'xml' is invalid/,
        ) as unknown as string,
      ],
    ];
    for (const [args, stderr] of cases) {
      const result = await refctl(args, { env: env() });
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({ args, code: 2, stderr });
    }
    const requests = await server.requests();
    expect(requests.filter((r) => r.path.includes('/services/vm-1'))).toEqual([]);
  });

  it('excess arguments name the whole command and what it takes (exit 2), nothing sent', async () => {
    // It was commander's `too many arguments for 'get'`: which `get`, and taking what?
    const before = (await server.requests()).length;
    for (const [args, stderr] of [
      [
        ['services', 'get', 'REF-SVC-101', 'REF-SVC-102'],
        "error: too many arguments for 'services get': it takes 1 (<ref>), got 2 (extra: 'REF-SVC-102')\n",
      ],
      [
        ['services', 'power', 'REF-SVC-101', 'start', 'now'],
        "error: too many arguments for 'services power': it takes 2 (<ref> <action>), got 3 (extra: 'now')\n",
      ],
      [
        ['me', 'extra'],
        "error: too many arguments for 'me': it takes none, got 1 (extra: 'extra')\n",
      ],
      [
        ['shield', 'rules', 'list', 'REF-SVC-101', 'x'],
        "error: too many arguments for 'shield rules list': it takes 1 (<ref>), got 2 (extra: 'x')\n",
      ],
    ] as const) {
      const result = await refctl([...args], { env: env() });
      expect({ args, ...result }).toEqual({ args, code: 2, stdout: '', stderr });
    }
    expect((await server.requests()).length).toBe(before);
  });

  it('a missing argument names the whole command and its usage (exit 2), nothing sent', async () => {
    // It was commander's `missing required argument 'ref'` alone: of which command?
    const before = (await server.requests()).length;
    for (const [args, stderr] of [
      [
        ['services', 'get'],
        "error: missing required argument 'ref' for 'services get': usage: refctl services get <ref>\n",
      ],
      [
        ['services', 'power', 'REF-SVC-101'],
        "error: missing required argument 'action' for 'services power': usage: refctl services power <ref> <action>\n",
      ],
      [
        ['shield', 'rules', 'list'],
        "error: missing required argument 'ref' for 'shield rules list': usage: refctl shield rules list <ref>\n",
      ],
    ] as const) {
      const result = await refctl([...args], { env: env() });
      expect({ args, ...result }).toEqual({ args, code: 2, stdout: '', stderr });
    }
    expect((await server.requests()).length).toBe(before);
  });

  it('a bad --addon is told in one shape, whatever is wrong with it (exit 2)', async () => {
    const order = ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s', '--dry-run'];
    for (const [addon, reason] of [
      ['x', 'expected an addon reference like REF-ADDON-11'],
      ['x=-1', 'expected an addon reference like REF-ADDON-11'],
      ['REF-ADDON-11=-1', 'Too small: expected number to be >=1'],
      ['REF-ADDON-11=two', 'expected REF-ADDON-…=UNITS with whole units, like REF-ADDON-11=2'],
    ]) {
      const result = await refctl([...order, '--addon', addon!], { env: env() });
      expect({ addon, ...result }).toEqual({
        addon,
        code: 2,
        stdout: '',
        stderr: `error: invalid --addon #1: ${reason}\n`,
      });
    }
  });

  it('a number flag out of range says which numbers it takes, not zod (exit 2), nothing sent', async () => {
    // `--destination-port 99999` printed `Too big: expected number to be <=65535`.
    const before = (await server.requests()).length;
    const add = ['shield', 'rules', 'add', 'REF-SVC-101', '--name', 'web', '--mode', 'enforce'];
    const rule = [...add, '--action', 'drop', '--risk', 'low', '--protocol', 'tcp'];
    for (const [flags, reason] of [
      [
        ['--destination-port', '99999'],
        'invalid --destination-port: expected a whole number from 1 to 65535, not 99999',
      ],
      [
        ['--destination-port', '0'],
        'invalid --destination-port: expected a whole number from 1 to 65535, not 0',
      ],
      [
        ['--rate-pps', '50'],
        'invalid --rate-pps: expected a whole number from 100 to 1000000000, not 50',
      ],
    ] as const) {
      const args = [...rule, ...flags];
      const result = await refctl(args, { env: env() });
      expect({ flags, ...result }).toEqual({
        flags,
        code: 2,
        stdout: '',
        stderr: `error: ${reason}\n`,
      });
    }
    expect((await server.requests()).length).toBe(before);
  });

  it('a value off the format of a flag says what is expected, not the regex (exit 2)', async () => {
    // `--type KVM` printed `Invalid string: must match pattern /^[a-z0-9][a-z0-9_-]{0,31}$/`.
    const filter = 'expected lowercase letters, digits, _ and - (up to 32 characters)';
    for (const [args, reason] of [
      [['services', 'list', '--type', 'KVM'], `invalid --type "KVM": ${filter}, like kvm`],
      [
        ['services', 'list', '--status', 'Active'],
        `invalid --status "Active": ${filter}, like active`,
      ],
      [
        ['services', 'power', 'REF-SVC-101', 'start', '--yes', '--idempotency-key', 'a b'],
        'invalid --idempotency-key "a b": expected letters, digits and _ . : - (up to 128 characters), as a failed attempt printed it',
      ],
    ] as const) {
      const result = await refctl([...args], { env: env() });
      expect({ args, ...result }).toEqual({
        args,
        code: 2,
        stdout: '',
        stderr: `error: ${reason}\n`,
      });
    }
  });

  it('an empty value of a flag that takes one is a usage error (exit 2), nothing sent', async () => {
    // `--cursor "$NEXT"` with NEXT unset printed the first page as if no flag were given.
    const before = (await server.requests()).length;
    const cases: [string[], string][] = [
      [['services', 'list', '--columns', ''], "'--columns <list>'"],
      [['invoices', 'list', '--cursor', ''], "'--cursor <ref>'"],
      [['invoices', 'list', '--cursor', ' '], "'--cursor <ref>'"],
      [['--profile', '', 'me'], "'--profile <name>'"],
      [['--base-url', '', 'me'], "'--base-url <url>'"],
      [['me', '--jq', ''], "'-q, --jq <expression>'"],
      [['services', 'list', '--json', ''], "'--json [fields]'"],
      [['services', 'list', '--status', ''], "'--status <status>'"],
      [['orders', 'create', '--type', 'kvm', '--plan', ''], "'--plan <code>'"],
      [
        ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s', '--addon', ''],
        "'--addon <ref=units>'",
      ],
      [
        ['shield', 'export', 'REF-SVC-A1', '--dataset', 'traffic', '--format', 'csv', '-f', ''],
        "'-f, --file <path>'",
      ],
      [['api', '/me', '-H', ''], "'-H, --header <key:value>'"],
      [['api', '/services', '-f', ''], "'-f, --raw-field <key=value>'"],
    ];
    await expectFlagsRefused(cases, 'expected a value, not an empty one.');
    // The built bin too: one line on stderr, exit 2.
    const spawned = await refctlProcess(['services', 'list', '--columns', ''], { env: env() });
    expect(spawned).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "error: option '--columns <list>' argument '' is invalid. expected a value, not an empty one.\n",
    });
    expect((await server.requests()).length).toBe(before);
  });

  it('a list of columns or fields that names none is a usage error (exit 2), nothing sent', async () => {
    // `--columns ,` printed the default columns as if no flag were given.
    const before = (await server.requests()).length;
    const cases: [string[], string][] = [
      [['services', 'list', '--columns', ','], "'--columns <list>'"],
      [['services', 'list', '--json', ' , '], "'--json [fields]'"],
    ];
    await expectFlagsRefused(cases, 'expected names, comma-separated (a,b).');
    expect((await server.requests()).length).toBe(before);
  });

  it('--timeout past a timer’s longest: exit 2 naming the flag and its limit, nothing sent', async () => {
    // It was the SDK's configuration error (exit 1), and `refctl api` timed out at once.
    const before = (await server.requests()).length;
    for (const [given, args] of [
      ['600h', ['--timeout', '600h', 'me']],
      ['2147483648ms', ['api', '/me', '--timeout', '2147483648ms']],
    ] as const) {
      expect(await refctl(args, { env: env() })).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: option '--timeout <duration>' argument '${given}' is invalid. expected a duration of at most 2147483647ms (about 596h).\n`,
      });
    }
    expect((await server.requests()).length).toBe(before);
  });
});

describe('confirmation without a terminal', () => {
  it.each([
    [['services', 'power', 'REF-SVC-A1', 'stop'], 'services power stop'],
    [
      ['shield', 'rules', 'delete', 'REF-SVC-A1', '5b0f9a4e-8c1d-4e2a-9f3b-2d6c7a8e1f00'],
      'shield rules delete',
    ],
    [['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s'], 'orders create'],
  ])('%j refuses with a hint and sends nothing', async (args, action) => {
    const before = (await server.requests()).length;
    const { code, stdout, stderr } = await refctl(args, { env: env() });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n').at(-2)).toBe(
      `error: ${action} needs confirmation and stdin is not a terminal; pass --yes to proceed`,
    );
    const after = await server.requests();
    expect(after.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
