import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { createRunState } from './cli/run-state';
import { processIo } from './io/io';
import { createProgram } from './program';

const program = createProgram({
  io: processIo(),
  state: createRunState(),
  signal: new AbortController().signal,
});

function leaves(command: Command, path: string[] = []): [string, Command][] {
  if (command.commands.length === 0) return [[path.join(' '), command]];
  return command.commands.flatMap((c) => leaves(c, [...path, c.name()]));
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
      'server start',
      'config set-profile',
      'config use',
      'config list',
      'config show',
      'config delete',
      'completion',
    ]);
  });

  it.each(leaves(program))('%s has --help with an example line', (path, command) => {
    expect(helpOf(command)).toMatch(
      new RegExp(
        `\\nExamples:\\n {2}\\$ (printf .* \\| |REF_PROFILE=\\w+ |source <\\()?refctl ${path}`,
      ),
    );
  });
});
