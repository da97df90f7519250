import type { Command } from 'commander';
import type { App } from '../cli/app';
import { exitCodesHelp } from '../errors/exit-code-meanings';

/**
 * Help topics, as gh has them: `refctl help exit-codes` (and `refctl exit-codes`) prints the
 * exit-code table. A hidden command whose help is the topic: commander's `help NAME` prints
 * the help of the command NAME.
 */
export function registerHelpTopics(program: Command, app: App): void {
  program
    .command('exit-codes', { hidden: true })
    .description('the exit codes of refctl')
    .configureHelp({ formatHelp: () => exitCodesHelp() })
    .action(() => {
      app.io.stdout.write(exitCodesHelp());
    });
  program.addHelpText(
    'after',
    '\nHelp topics:\n  refctl help exit-codes   what each exit code means',
  );
}
