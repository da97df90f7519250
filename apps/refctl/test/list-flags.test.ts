// gh's flags on every list command of the program, found in the program (every leaf command
// named `list`, and any other that pages, such as `shield evidence`), not in a hand-kept list: `--json` alone lists the fields, `--json a,b` prints
// exactly those fields of each item, `-q` filters that JSON, `-L/--limit` cuts the list,
// `--paginate` prints all of it (`--all`, its old name, still works), and `--columns` is
// refused with JSON. Each runs against a demo reference server with at least two items in
// every list, so that a limit of one shows.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoScenario } from '@refapi/server';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunState } from '../src/cli/run-state';
import { processIo } from '../src/io/io';
import { createProgram } from '../src/program';
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { ADMIN_TOKEN, startServer, type TestServer } from './helpers/test-server';

const SVC = 'REF-SVC-101';
/** The provider's emergency rule of the demo's REF-SVC-101: active, so it collects evidence. */
const EMERGENCY_RULE = '68bf1653-9ab6-579f-af52-732921c010d9';
/** The value of each positional argument of a list command, by its name. */
const ARGUMENTS: Readonly<Record<string, string>> = { ref: SVC, 'rule-id': EMERGENCY_RULE };

/**
 * Every leaf command named `list` or taking `--paginate` (but `api`): its path, and its
 * arguments as the test fills them.
 */
function lists(command: Command, path: string[] = []): { path: string; args: string[] }[] {
  if (command.commands.length > 0) {
    return command.commands.flatMap((c) => lists(c, [...path, c.name()]));
  }
  // `refctl api --paginate` pages raw API answers, as gh's does: not a list of items.
  const pages =
    command.name() !== 'api' && command.options.some((option) => option.long === '--paginate');
  if (command.name() !== 'list' && !pages) return [];
  const args = command.registeredArguments.map((a) => {
    const value = ARGUMENTS[a.name()];
    if (value === undefined) throw new Error(`no value for <${a.name()}> of ${path.join(' ')}`);
    return value;
  });
  return [{ path: path.join(' '), args: [...path, ...args] }];
}

const program = createProgram({
  io: processIo(),
  state: createRunState(),
  signal: new AbortController().signal,
});
const LISTS = lists(program);

let server: TestServer;
const configHome = tempConfigHome();
const env = () => ({
  REF_BASE_URL: server.baseUrl,
  REF_API_KEY: 'refak_demo_eur_full',
  REF_ADMIN_TOKEN: ADMIN_TOKEN,
  XDG_CONFIG_HOME: configHome,
});
const run = (args: readonly string[]) => refctl(args, { env: env() });

/** Runs a command that must succeed; its stdout parsed as JSON. */
async function json(args: readonly string[]): Promise<Record<string, unknown>[]> {
  const { code, stdout, stderr } = await run(args);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return JSON.parse(stdout) as Record<string, unknown>[];
}

beforeAll(async () => {
  server = await startServer(demoScenario);
  // Two of each: an order besides the demo's, a rule besides the provider's, two spaces,
  // two profiles.
  for (const args of [
    ['orders', 'create', '--type', 'kvm', '--plan', 'kvm-s', '--yes'],
    ['shield', 'rules', 'add', SVC, '--name', 'web', '--mode', 'observe', '--action', 'pass'],
    ['server', 'spaces', 'create', '--name', 'one'],
    ['server', 'spaces', 'create', '--name', 'two'],
  ]) {
    const extra = args[1] === 'rules' ? ['--risk', 'low', '--protocol', 'tcp'] : [];
    const { code, stderr } = await run([...args, ...extra]);
    expect(code, stderr).toBe(0);
  }
  // Ten minutes on: the emergency rule has collected evidence samples (one each 30 s).
  await server.admin('POST', 'clock', { advance_seconds: 600 });
  const profiles = { a: { base_url: server.baseUrl }, b: {} };
  mkdirSync(join(configHome, 'refctl'), { recursive: true });
  writeFileSync(join(configHome, 'refctl', 'config.json'), JSON.stringify({ profiles }));
});
afterAll(() => server.close());

describe('the list commands', () => {
  it('are found in the program: the paginated ones and those the API sends whole', () => {
    expect(LISTS.map((l) => l.path)).toEqual(
      expect.arrayContaining([
        'invoices list',
        'services list',
        'shield rules list',
        'shield evidence',
      ]),
    );
    expect(LISTS.length).toBeGreaterThanOrEqual(8);
  });

  it.for(LISTS)('$path declares --json, -L/--limit, --paginate and a hidden --all', ({ path }) => {
    const command = path
      .split(' ')
      .reduce<Command>((c, name) => c.commands.find((s) => s.name() === name)!, program);
    const flags = Object.fromEntries(command.options.map((o) => [o.long, o]));
    expect(flags['--json']?.flags).toBe('--json [fields]');
    expect(flags['--limit']?.short).toBe('-L');
    expect(flags['--paginate']?.hidden).toBe(false);
    expect(flags['--all']?.hidden).toBe(true);
  });
});

describe('--json and --jq with -o', () => {
  it('refuse an explicit -o table as they refuse -o csv and -o yaml (exit 2); the default is JSON', async () => {
    const list = ['invoices', 'list', '--json', 'invoice_ref'];
    for (const format of ['table', 'csv', 'yaml']) {
      expect(await run([...list, '-o', format])).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: --json prints JSON: drop -o ${format}\n`,
      });
      expect(await run(['me', '--jq', '.email', '-o', format])).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: --jq filters JSON output: drop -o ${format}\n`,
      });
    }
    expect((await json(list)).length).toBeGreaterThan(1);
    const email = await run(['me', '--jq', '.email']);
    expect({ code: email.code, stderr: email.stderr }).toEqual({ code: 0, stderr: '' });
  });
});

describe('the README', () => {
  it('shows what --json alone prints, as refctl prints it', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const block = /```text\n\$ refctl services list --json\n([\s\S]*?)```/.exec(readme)?.[1];
    const shown = block!.trimEnd().split('\n');
    expect(shown.at(-1)).toBe('  ...');
    const { stderr } = await run(['services', 'list', '--json']);
    expect(stderr.split('\n').slice(0, shown.length - 1)).toEqual(shown.slice(0, -1));
  });
});

describe.for(LISTS)('$path', ({ args }) => {
  /** The fields `--json` alone lists. */
  async function fields(): Promise<string[]> {
    const { code, stdout, stderr } = await run([...args, '--json']);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    const [head, ...names] = stderr.trimEnd().split('\n');
    expect(head).toBe('Specify one or more comma-separated fields for `--json`:');
    return names.map((line) => line.trim());
  }

  it('--json alone lists the fields (exit 2); --json a,b prints just those of each item', async () => {
    const names = await fields();
    expect(names.length).toBeGreaterThan(1);
    // The last two: not the table's first columns, and in the order asked.
    const picked = names.slice(-2).reverse();
    const full = await json([...args, '-o', 'json']);
    const selected = await json([...args, '--json', picked.join(',')]);
    expect(selected.length).toBe(full.length);
    expect(selected.length).toBeGreaterThan(1);
    for (const [i, item] of selected.entries()) {
      expect(Object.keys(item)).toEqual(picked);
      for (const field of picked) expect(item[field]).toEqual(full[i]![field] ?? null);
    }
  });

  it('--json with a field it does not have is one line, exit 2, before any request', async () => {
    const before = (await server.requests()).length;
    const { code, stdout, stderr } = await run([...args, '--json', 'no_such_field']);
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toMatch(/^error: unknown JSON field "no_such_field"; available: \S.*\n$/);
    expect((await server.requests()).length).toBe(before);
  });

  it('-q filters the JSON of --json fields', async () => {
    const [field] = (await fields()).slice(-1);
    const selected = await json([...args, '--json', field!]);
    const { code, stdout } = await run([...args, '--json', field!, '-q', `.[0] | keys | .[]`]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: `${field}\n` });
    expect(Object.keys(selected[0]!)).toEqual([field]);
  });

  it('-L/--limit cuts the list; --paginate prints all of it, as --all did', async () => {
    const full = await json([...args, '--paginate', '-o', 'json']);
    expect(full.length).toBeGreaterThan(1);
    expect(await json([...args, '-L', '1', '-o', 'json'])).toEqual(full.slice(0, 1));
    expect(await json([...args, '--limit', '1', '-o', 'json'])).toEqual(full.slice(0, 1));
    const old = await run([...args, '--all', '-o', 'json']);
    expect(old).toEqual({
      code: 0,
      stdout: `${JSON.stringify(full, null, 2)}\n`,
      stderr: 'warning: --all is deprecated: use --paginate\n',
    });
    const both = await run([...args, '--paginate', '-L', '1']);
    expect(both).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: --paginate and --limit exclude each other\n',
    });
  });

  it('--columns takes a column as the table heads it too (INVOICE_REF)', async () => {
    const header = (await run(args)).stdout.split(/\s/)[0]!;
    const picked = await run([...args, '--columns', header]);
    expect([header, picked.code, picked.stdout.split('\n')[0]]).toEqual([header, 0, header]);
  });

  it('refuses --columns with JSON output instead of ignoring it', async () => {
    for (const output of [
      ['-o', 'json'],
      ['-o', 'yaml'],
      ['--json', 'name'],
    ]) {
      const { code, stdout, stderr } = await run([...args, '--columns', 'name', ...output]);
      expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
      expect(stderr).toMatch(/^error: --columns picks table and CSV columns, not fields of .*\n$/);
    }
  });
});
