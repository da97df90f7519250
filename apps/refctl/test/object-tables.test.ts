// Every row of a one-object table names where its value lives in `-o json`: the row's label,
// taken as a jq path (`rule.id` → `.rule.id`), finds a value there. So what a user reads in
// the table, `--jq .<label>` prints in a script. Each command that prints one object runs on
// a fresh demo server, once as a table and once as JSON; the labels go through jq-web, the
// jq of `--jq`.
import { join } from 'node:path';
import { demoScenario } from '@refapi/server';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunState } from '../src/cli/run-state';
import { processIo } from '../src/io/io';
import { runJq } from '../src/output/jq';
import { createProgram } from '../src/program';
import { refctlInProcess as refctl } from './helpers/run-in-process';
import { tempConfigHome } from './helpers/run-refctl';
import { ADMIN_TOKEN, startServer, type TestServer } from './helpers/test-server';

const SVC = 'REF-SVC-101';
const ORDER = [
  'orders',
  'create',
  '--type',
  'kvm',
  '--plan',
  'kvm-s',
  '--period',
  'REF-PERIOD-12',
].concat(['--os', 'REF-OS-11', '--addon', 'REF-ADDON-12=1']);
const RULE = ['--name', 'web', '--mode', 'enforce', '--action', 'pass', '--risk', 'low'].concat([
  '--protocol',
  'tcp',
  '--destination-port',
  '443',
]);

/**
 * One run of a command that prints one object; `noKey` runs it without an API key; `planOf`
 * is a write command whose `--plan-out` file is given as the run's last argument first.
 */
interface ObjectRun {
  readonly args: readonly string[];
  readonly noKey?: true;
  readonly planOf?: readonly string[];
}

/**
 * Every command of the program: the runs of those that print one object as a table, and
 * for the others what they print instead. A test below holds this list to the program's
 * commands, so a new command must say here which it is.
 */
const COMMANDS: Readonly<Record<string, readonly ObjectRun[] | string>> = {
  me: [{ args: ['me'] }],
  balance: [{ args: ['balance'] }],
  'invoices list': 'rows',
  'transactions list': 'rows',
  'orders list': 'rows',
  'orders create': [
    { args: [...ORDER, '--dry-run'] },
    { args: [...ORDER, '--dry-run'], noKey: true },
    { args: [...ORDER, '--yes', '--idempotency-key', 'object-tables-1'] },
  ],
  'services list': 'rows',
  'services stats': [{ args: ['services', 'stats'] }],
  'services get': [{ args: ['services', 'get', SVC] }],
  'services auto-renew': [{ args: ['services', 'auto-renew', SVC, 'off'] }],
  'services power': [{ args: ['services', 'power', SVC, 'reboot', '--yes'] }],
  'shield overview': [{ args: ['shield', 'overview', SVC] }],
  'shield capabilities': [{ args: ['shield', 'capabilities', SVC] }],
  'shield rules list': 'rows',
  'shield rules add': [{ args: ['shield', 'rules', 'add', SVC, ...RULE] }],
  'shield rules delete': 'nothing on stdout',
  'shield presets apply': [
    { args: ['shield', 'presets', 'apply', SVC, 'block-udp-amplification'] },
  ],
  'shield profile set': [{ args: ['shield', 'profile', 'set', SVC, 'strict'] }],
  'shield traffic': 'rows',
  'shield activity': 'rows',
  'shield export': 'the dataset as the API sends it',
  'shield evidence': 'rows',
  'plans list': 'rows',
  'plans get': [{ args: ['plans', 'get', 'kvm-s'] }],
  api: 'the API body as JSON, never a table',
  'server start': 'a server in the foreground',
  'server spaces list': 'rows',
  'server spaces create': [{ args: ['server', 'spaces', 'create', '--name', 'tables'] }],
  'server spaces delete': 'nothing on stdout',
  'config set-profile': 'nothing on stdout',
  'config use': 'nothing on stdout',
  'config list': 'rows',
  'config show': [{ args: ['config', 'show'] }],
  'config delete': 'nothing on stdout',
  completion: 'a shell script',
  __complete: 'values for shell completion, one a line',
  'exit-codes': 'the exit-code table',
  apply: [
    { args: ['apply', '--yes'], planOf: [...ORDER, '--idempotency-key', 'object-tables-2'] },
    { args: ['apply', '--yes'], planOf: ['services', 'power', SVC, 'reboot'] },
  ],
};

/** The leaf commands of the program, as `refctl <path>` runs them. */
function leaves(command: Command, path: string[] = []): string[] {
  if (command.commands.length === 0) return [path.join(' ')];
  // refctl's hidden `help` (cli/help-command.ts) prints help, not an object.
  const subcommands = command.commands.filter((c) => c.name() !== 'help');
  return subcommands.flatMap((c) => leaves(c, [...path, c.name()]));
}

const program = createProgram({
  io: processIo(),
  state: createRunState(),
  signal: new AbortController().signal,
});

let server: TestServer;
beforeAll(async () => {
  server = await startServer(demoScenario);
});
afterAll(() => server.close());

/** A fresh demo state, and the environment and arguments of one command (its plan made). */
async function prepare(object: ObjectRun) {
  await server.admin('POST', 'reset');
  const env = {
    REF_BASE_URL: server.baseUrl,
    REF_API_KEY: object.noKey ? undefined : 'refak_demo_eur_full',
    REF_ADMIN_TOKEN: ADMIN_TOKEN,
    XDG_CONFIG_HOME: tempConfigHome(),
  };
  const args = [...object.args];
  if (object.planOf !== undefined) {
    const file = join(env.XDG_CONFIG_HOME, 'change.plan.json');
    const planned = await refctl([...object.planOf, '--plan-out', file], { env });
    expect(planned.code, planned.stderr).toBe(0);
    args.push(file);
  }
  return { env, args };
}

/** Runs one command on a fresh demo state; fails the test on a non-zero exit. */
async function run(object: ObjectRun, output: string[]): Promise<string> {
  const { env, args } = await prepare(object);
  const result = await refctl([...args, ...output], { env });
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}

/** The rows of a one-object table: each line's label and cell. */
const rowsOf = (table: string) =>
  table
    .trimEnd()
    .split('\n')
    .map((line) => {
      const [label = '', ...cell] = line.split(/ {2,}/);
      return { label, cell: cell.join('  ') };
    });

/** jq's answers to `filter` on `json`, each compact, or its error line. */
const jq = (json: string, filter: string) =>
  runJq(json, filter).catch((error: Error) => [`error: ${error.message}`]);

/**
 * Why a row's label is not a jq path to its value in `json`, or undefined when it is: jq
 * finds one value there, and not null. A null is only right where the table shows `-`
 * (none) for a field the JSON carries as null (`config show` without a profile): jq
 * answers null for a path that does not exist as well, so the field must be there.
 */
async function notAPath(json: string, row: { label: string; cell: string }) {
  const found = await jq(json, `.${row.label}`);
  if (found.length !== 1 || found[0]?.startsWith('error: ')) return `${found.join(' ')}`;
  if (found[0] !== 'null') return undefined;
  const keys = JSON.stringify(row.label.split('.'));
  const [present] = await jq(json, `any(paths; . == ${keys})`);
  return row.cell === '-' && present === 'true' ? undefined : 'null (no such field)';
}

const RUNS = Object.entries(COMMANDS).flatMap(([path, runs]) =>
  typeof runs === 'string'
    ? []
    : runs.map((object) => ({
        path,
        object,
        name: `${object.noKey ? '(no key) ' : ''}${object.args.join(' ')}`,
      })),
);

describe('one-object tables', () => {
  it('list every command of the program, each with its runs or what it prints instead', () => {
    expect(Object.keys(COMMANDS).sort()).toEqual(leaves(program).sort());
  });

  it.for(RUNS)('$name: each row label is a jq path to a value of -o json', async ({ object }) => {
    const rows = rowsOf(await run(object, []));
    expect(rows.length).toBeGreaterThan(1);
    const json = await run(object, ['-o', 'json']);
    const missing: string[] = [];
    for (const row of rows) {
      const why = await notAPath(json, row);
      if (why !== undefined) missing.push(`${row.label}: ${why}`);
    }
    expect(missing).toEqual([]);
  });

  // Such a table has no header row: `--no-headers` would change nothing, so it is refused
  // (exit 2, one line, nothing sent) as it is with -o json, not silently ignored.
  it.for(RUNS)(
    '$name: --no-headers as a table is refused before anything is sent',
    async ({ object }) => {
      const { env, args } = await prepare(object);
      const before = (await server.requests()).length;
      const result = await refctl([...args, '--no-headers'], { env });
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toMatch(
        /^error: --no-headers does not apply to refctl [a-z -]+: [^\n]+\n$/,
      );
      expect((await server.requests()).slice(before)).toEqual([]);
    },
  );
});
