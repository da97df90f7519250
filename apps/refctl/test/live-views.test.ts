import { spawn, spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_CACHE_HOME, REFCTL, refctl, tempConfigHome } from './helpers/run-refctl';
import { KEYS, scenario } from './helpers/scenario';
import { startServer, type TestServer } from './helpers/test-server';

// ink views need a terminal: util-linux `script` gives the child a pseudo-terminal.
const hasScript = spawnSync('sh', ['-c', 'command -v script']).status === 0;
let server: TestServer;

beforeAll(async () => {
  server = await startServer(scenario);
});
afterAll(() => server.close());

/** Runs refctl on a 100×30 pseudo-terminal; `keys` are typed after `typeAfterMs`. */
function onTerminal(args: string[], env: Record<string, string> = {}, keys = '', typeAfterMs = 0) {
  const command = `stty cols 100 rows 30; exec ${process.execPath} ${REFCTL} ${args.join(' ')}`;
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tempConfigHome(),
        XDG_CACHE_HOME: CODE_CACHE_HOME,
        TERM: 'xterm-256color',
        REF_BASE_URL: server.baseUrl,
        REF_API_KEY: KEYS.full,
        XDG_CONFIG_HOME: tempConfigHome(),
        ...env,
      },
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
    if (keys) setTimeout(() => child.stdin.write(keys), typeAfterMs);
    // A view that never ends must not outlive the test.
    const guard = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, output });
    });
  });
}

const plain = (text: string) => stripVTControlCharacters(text).replaceAll('\r', '');

describe.runIf(hasScript)('live views on a terminal', () => {
  it('shield traffic --watch draws the bar chart and quits on q', async () => {
    const { code, output } = await onTerminal(
      ['shield', 'traffic', 'REF-SVC-A1', '--window', '24h', '--watch'],
      {},
      'q',
      2500,
    );
    expect(code).toBe(0);
    expect(output).toContain('Shield traffic · REF-SVC-A1 · last 24h by source_ip');
    expect(output).toMatch(/█+/);
    expect(output).toContain('q to quit');
    expect(output).toContain('\u001b['); // drawn by ink: cursor and color codes
  });

  it('--wait shows a spinner with the observed state, then the timeout (exit 7)', async () => {
    const args = [
      'shield',
      'rules',
      'add',
      'REF-SVC-A1',
      '--name',
      'pty',
      '--mode',
      'observe',
      '--action',
      'pass',
    ];
    const { code, output } = await onTerminal([
      ...args,
      '--risk',
      'low',
      '--protocol',
      'tcp',
      '--wait',
      '--timeout',
      '2s',
    ]);
    expect(code).toBe(7);
    expect(plain(output)).toMatch(
      /[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] waiting for rule [0-9a-f-]{36} to be active \(now: queued\) \d+s \/ 2s/,
    );
    expect(plain(output)).toMatch(
      /error: timed out after 2s waiting for rule [0-9a-f-]{36} to be active \(last seen: queued\);/,
    );
  });

  it('with CI set, the same terminal gets plain lines and no ink', async () => {
    const args = [
      'shield',
      'rules',
      'add',
      'REF-SVC-A1',
      '--name',
      'ci',
      '--mode',
      'observe',
      '--action',
      'pass',
    ];
    const { code, output } = await onTerminal(
      [...args, '--risk', 'low', '--protocol', 'tcp', '--wait', '--timeout', '1s', '--no-color'],
      {
        CI: 'true',
      },
    );
    expect(code).toBe(7);
    expect(output).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
    expect(plain(output)).toMatch(
      /(^|\n)waiting for rule [0-9a-f-]{36} to be active \(now: queued\)…\n/,
    );
    expect(output).not.toContain('\u001b[?25l'); // ink hides the cursor; plain output never does
  });

  it('hints at more results after a default page, not after -L/--limit (as gh)', async () => {
    // Ada has two invoices: a default page holds both, a limit of one cuts the list.
    const hint = /more results: add --paginate/;
    const cut = plain((await onTerminal(['invoices', 'list', '-L', '1'])).output);
    expect(cut).toContain('REF-INV-A2');
    expect(cut).not.toMatch(hint);
    const cy = { REF_API_KEY: KEYS.many };
    expect(plain((await onTerminal(['invoices', 'list'], cy)).output)).toMatch(
      /\nmore results: add --paginate, or --cursor \S+\n/,
    );
  });

  it('tables get a bold header on a terminal, unless NO_COLOR or --no-color', async () => {
    const bold = '\u001b[1mINVOICE_REF';
    expect((await onTerminal(['invoices', 'list'])).output).toContain(bold);
    expect((await onTerminal(['invoices', 'list'], { NO_COLOR: '1' })).output).not.toContain(
      '\u001b[',
    );
    expect((await onTerminal(['invoices', 'list', '--no-color'])).output).not.toContain('\u001b[');
  });
});

describe('forced colours off a terminal (FORCE_COLOR, CLICOLOR_FORCE)', () => {
  const env = (extra: Record<string, string> = {}) => ({
    REF_BASE_URL: server.baseUrl,
    REF_API_KEY: KEYS.full,
    XDG_CONFIG_HOME: tempConfigHome(),
    ...extra,
  });
  const BOLD_HEADER = '\u001b[1mINVOICE_REF';

  it('FORCE_COLOR=1..3 or CLICOLOR_FORCE=1 colour a piped table and the error prefix', async () => {
    // `FORCE_COLOR=1 refctl invoices list | cat` stayed plain.
    for (const force of [{ FORCE_COLOR: '1' }, { FORCE_COLOR: '3' }, { CLICOLOR_FORCE: '1' }]) {
      const table = await refctl(['invoices', 'list'], { env: env(force) });
      expect([force, table.code, table.stdout.startsWith(BOLD_HEADER)]).toEqual([force, 0, true]);
      // Forcing beats NO_COLOR, as in Node and gh.
      const noColor = await refctl(['invoices', 'list'], { env: env({ ...force, NO_COLOR: '1' }) });
      expect(noColor.stdout.startsWith(BOLD_HEADER)).toBe(true);
      const error = await refctl(['services', 'get', 'REF-SVC-FFF'], { env: env(force) });
      expect(
        error.stderr.startsWith('\u001b[31merror:\u001b[39m service REF-SVC-FFF not found'),
      ).toBe(true);
    }
  });

  it('FORCE_COLOR over NO_COLOR adds no Node warning to stderr', async () => {
    // Node 22 printed `(node:PID) Warning: The 'NO_COLOR' env is ignored due to the
    // 'FORCE_COLOR' env being set.` and a `--trace-warnings` hint under every command.
    const forced = env({ FORCE_COLOR: '1', NO_COLOR: '1' });
    for (const args of [
      ['invoices', 'list'],
      ['me', '-o', 'json'],
    ]) {
      const run = await refctl(args, { env: forced });
      expect([args, run.code, run.stderr]).toEqual([args, 0, '']);
    }
    const error = await refctl(['services', 'get', 'REF-SVC-FFF'], { env: forced });
    expect(error.stderr.split('\n')).toEqual([
      expect.stringContaining('\u001b[31merror:\u001b[39m service REF-SVC-FFF not found'),
      '',
    ]);
  });

  it('never colours JSON or CSV, nor with --no-color or FORCE_COLOR=0', async () => {
    const forced = env({ FORCE_COLOR: '1' });
    for (const args of [
      ['invoices', 'list', '-o', 'json'],
      ['invoices', 'list', '-o', 'csv'],
      ['invoices', 'list', '--no-color'],
    ]) {
      const { code, stdout } = await refctl(args, { env: forced });
      expect([args, code, stdout.includes('\u001b')]).toEqual([args, 0, false]);
    }
    const off = await refctl(['invoices', 'list'], { env: env({ FORCE_COLOR: '0' }) });
    expect([off.code, off.stdout.includes('\u001b')]).toEqual([0, false]);
  });

  it('a forced --wait off a terminal prints plain lines, no spinner, the state reached in colour', async () => {
    const { code, stderr } = await refctl(
      ['shield', 'rules', 'add', 'REF-SVC-A1', '--name', 'forced', '--mode', 'observe'].concat(
        ['--action', 'pass', '--risk', 'low', '--protocol', 'tcp', '--destination-port', '27'],
        ['--wait', '--timeout', '1s'],
      ),
      { env: env({ FORCE_COLOR: '1' }) },
    );
    expect(code).toBe(7);
    expect(stderr).toMatch(/^waiting for rule [0-9a-f-]{36} to be active \(now: queued\)…\n/);
    expect(stderr).not.toContain('\u001b[?25l'); // ink hides the cursor; plain lines never do
  });
});
