import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createRunState } from './cli/run-state';
import { processIo } from './io/io';
import { COMMAND_GROUPS, createProgram } from './program';

const app = { io: processIo(), state: createRunState(), signal: new AbortController().signal };
const program = createProgram(app);

/** The commands below `command` but refctl's hidden `help` (cli/help-command.ts). */
const subcommands = (command: Command) => command.commands.filter((c) => c.name() !== 'help');

function leaves(command: Command, path: string[] = []): [string, Command][] {
  if (command.commands.length === 0) return [[path.join(' '), command]];
  return subcommands(command).flatMap((c) => leaves(c, [...path, c.name()]));
}

const helpOf = (command: Command) => {
  let text = '';
  command.configureOutput({ writeOut: (s) => (text += s) });
  command.outputHelp();
  return text;
};

describe('the command tree', () => {
  it('has every command of the issue', () => {
    expect(leaves(program).map(([path]) => path)).toEqual([
      'me',
      'balance',
      'invoices list',
      'transactions list',
      'orders list',
      'orders create',
      'services list',
      'services stats',
      'services get',
      'services auto-renew',
      'services power',
      'shield overview',
      'shield capabilities',
      'shield rules list',
      'shield rules add',
      'shield rules delete',
      'shield presets apply',
      'shield profile set',
      'shield traffic',
      'shield activity',
      'shield export',
      'shield evidence',
      'plans list',
      'plans get',
      'apply',
      'api',
      'server start',
      'server spaces list',
      'server spaces create',
      'server spaces delete',
      'config set-profile',
      'config use',
      'config list',
      'config show',
      'config delete',
      'completion',
      '__complete',
      'exit-codes',
    ]);
  });

  // `exit-codes` is a help topic: its help is the topic itself.
  const commands = leaves(program).filter(([path]) => path !== 'exit-codes');
  it.each(commands)('%s has --help with an example line', (path, command) => {
    expect(helpOf(command)).toMatch(
      new RegExp(
        `\\nExamples:\\n {2}\\$ (printf .* \\| |REF_PROFILE=\\w+ |source <\\()?refctl ${path}`,
      ),
    );
  });
});

describe('the tree built for one command', () => {
  const topLevel = (command: Command) => subcommands(command).map((c) => c.name());

  it.each(COMMAND_GROUPS)('group $names registers exactly those commands', (group) => {
    const scratch = new Command('refctl');
    group.register(scratch, app);
    expect(topLevel(scratch)).toEqual(group.names);
  });

  it('groups every command of the whole tree, in its order', () => {
    expect(COMMAND_GROUPS.flatMap((g) => g.names)).toEqual(topLevel(program));
  });

  it.each([
    [
      ['me', '-o', 'json'],
      ['me', 'balance'],
    ],
    // Values of global options are not commands.
    [
      ['--profile', 'shield', '-o', 'json', 'balance'],
      ['me', 'balance'],
    ],
    [['--timeout=10s', '--no-color', 'plans', 'list'], ['plans']],
    [['--', 'services', 'list'], ['services']],
  ])('%j builds only the group it runs', (argv, names) => {
    expect(topLevel(createProgram(app, argv))).toEqual(names);
  });

  it('builds only the completion group for __complete (a Tab waits for it)', () => {
    expect(topLevel(createProgram(app, ['__complete', 'services']))).toEqual([
      'completion',
      '__complete',
    ]);
  });

  it.each([[['--help']], [['help', 'me']], [['nope']], [['completion', 'bash']], [[]]])(
    '%j builds the whole tree (help, suggestions and completion scripts list it all)',
    (argv) => {
      expect(topLevel(createProgram(app, argv))).toEqual(topLevel(program));
    },
  );
});
