import type { Command } from 'commander';

// `refctl help NAME` (and `refctl plans help NAME`): commander's own help command answers an
// unknown NAME with the whole help on stderr and no word of what was wrong. Its dispatch is
// internal, so each command with subcommands gets a hidden `help` of refctl's instead: a
// command named `help` is dispatched before commander's. Commander's stays switched on for
// the help text alone, so `--help` still lists `help [command]` where it always did.
// Completion offers the root's `help` and, after it, the command names and help topics.

/** The subcommand of `parent` called `name` (or aliased so), hidden ones (help topics) included. */
const subcommand = (parent: Command, name: string) =>
  parent.commands.find((c) => c.name() === name || c.aliases().includes(name));

/** The help topics of `parent`: its hidden subcommands but `help` itself and `__complete`. */
export function helpTopics(parent: Command): Command[] {
  const listed = new Set(parent.createHelp().visibleCommands(parent));
  return parent.commands.filter(
    (c) => !listed.has(c) && c.name() !== 'help' && !c.name().startsWith('_'),
  );
}

/**
 * The help topic of `parent` whose name starts with `name` or is the start of it, as
 * `exit-codes` is of `exit-code`.
 */
function helpTopicLike(parent: Command, name: string): string | undefined {
  return helpTopics(parent)
    .map((c) => c.name())
    .find((topic) => name !== '' && (topic.startsWith(name) || name.startsWith(topic)));
}

/** Gives `command` and every command below it with subcommands a `help [command...]` of refctl's. */
export function addHelpCommands(command: Command): void {
  if (command.commands.length === 0) return;
  for (const sub of command.commands) addHelpCommands(sub);
  command.helpCommand(true);
  command
    .command('help [command...]', { hidden: true })
    .description('display help for command')
    .helpOption(false)
    // As commander's: `help me --limit 5` is the help of `me`, whatever follows, and
    // `help --help` (an option where the name goes) the help of `command`.
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (words: string[]) => {
      const end = words.findIndex((word) => word.startsWith('-'));
      const names = end === -1 ? words : words.slice(0, end);
      // `help shield rules` is the help of `shield rules`; past the commands, words are
      // arguments (`help services get REF-SVC-1` is the help of `services get`).
      let found = command;
      for (const name of names) {
        if (found.commands.length === 0) break;
        const sub = subcommand(found, name);
        if (sub === undefined) {
          // A help topic (`exit-codes`) is hidden from the command list, so commander never
          // suggests it: `help exit-code` said only "unknown command".
          const topic = helpTopicLike(found, name);
          if (topic !== undefined) {
            found.error(`error: unknown command '${name}' (did you mean ${topic}?)`, {
              code: 'commander.unknownCommand',
            });
          }
          // Commander's own usage error for `refctl … NAME` (exit 2), "Did you mean …?" and all.
          await found.parseAsync([name], { from: 'user' });
          return;
        }
        found = sub;
      }
      found.help();
    });
}
