import type { Command } from 'commander';

// `refctl help NAME` (and `refctl plans help NAME`): commander's own help command answers an
// unknown NAME with the whole help on stderr and no word of what was wrong. Its dispatch is
// internal, so each command with subcommands gets a hidden `help` of refctl's instead: a
// command named `help` is dispatched before commander's. Commander's stays switched on for
// the help text alone, so `--help` still lists `help [command]` where it always did, and
// completion leaves both out (hidden, and not one of the program's commands).

/** The subcommand of `parent` called `name` (or aliased so), hidden ones (help topics) included. */
const subcommand = (parent: Command, name: string) =>
  parent.commands.find((c) => c.name() === name || c.aliases().includes(name));

/** Gives `command` and every command below it with subcommands a `help [command]` of refctl's. */
export function addHelpCommands(command: Command): void {
  if (command.commands.length === 0) return;
  for (const sub of command.commands) addHelpCommands(sub);
  command.helpCommand(true);
  command
    .command('help [command]', { hidden: true })
    .description('display help for command')
    .helpOption(false)
    // As commander's: `help me --limit 5` is the help of `me`, whatever follows, and
    // `help --help` (an option where the name goes) the help of `command`.
    .allowUnknownOption()
    .allowExcessArguments()
    .action((name: string | undefined) => {
      if (name === undefined || name.startsWith('-')) return command.help();
      const found = subcommand(command, name);
      // The line commander writes for `refctl NAME` (exit 2, as every usage error).
      if (found === undefined) {
        command.error(`error: unknown command '${name}'`, { code: 'commander.unknownCommand' });
      }
      found.help();
    });
}
